package dev.customapiserver.admission;

import static dev.customapiserver.admission.AdmissionFixtures.FOOS;
import static dev.customapiserver.admission.AdmissionFixtures.foo;
import static dev.customapiserver.admission.AdmissionFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Namespace lifecycle through the REST layer")
class NamespaceLifecycleRestTest {
  static final Duration WAIT = Duration.ofSeconds(30);
  static final AtomicBoolean stuck = new AtomicBoolean(true);
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = AdmissionFixtures.server(PluginSelection.DEFAULT, new StickyModule(stuck));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @DisplayName("default exists from the start and may not be deleted (403)")
  void defaultNamespace() throws Exception {
    HttpResponse<String> got = server.send("GET", "/api/v1/namespaces/default", null);
    assertThat(got.statusCode()).isEqualTo(200);
    assertThat(json(got).at("/status/phase").asText()).isEqualTo("Active");
    HttpResponse<String> delete = server.send("DELETE", "/api/v1/namespaces/default", null);
    assertThat(delete.statusCode()).isEqualTo(403);
    assertThat(json(delete).at("/message").asText()).isEqualTo("namespaces \"default\" is forbidden: this namespace may not be deleted");
    assertThat(json(server.send("GET", "/api/v1/namespaces/default", null)).at("/status/phase").asText()).isEqualTo("Active");
  }

  @Test
  @DisplayName("creating an object in a namespace that does not exist is 404 naming the namespace")
  void missingNamespace() throws Exception {
    HttpResponse<String> r = server.send("POST", "/apis/hello.zeng.dev/v2/namespaces/nowhere/foos", foo("f", "m"));
    assertThat(r.statusCode()).isEqualTo(404);
    JsonNode s = json(r);
    assertThat(s.at("/reason").asText()).isEqualTo("NotFound");
    assertThat(s.at("/message").asText()).isEqualTo("namespaces \"nowhere\" not found");
    assertThat(s.at("/details/name").asText()).isEqualTo("nowhere");
    assertThat(s.at("/details/kind").asText()).isEqualTo("namespaces");
  }

  @Test
  @DisplayName("a namespaced object created right after its namespace is admitted (the lister has seen the namespace)")
  void readYourWrites() throws Exception {
    for (int i = 0; i < 5; i++) {
      assertThat(server.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"fresh-" + i + "\"}}").statusCode()).isEqualTo(201);
      HttpResponse<String> r = server.send("POST", "/apis/hello.zeng.dev/v2/namespaces/fresh-" + i + "/foos", foo("f", "m"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    }
  }

  @Test
  @DisplayName("DELETE makes a namespace Terminating; creates in it are 403; the controller empties it, then it goes (MODIFIED, then DELETED)")
  void deletion() throws Exception {
    String widgets = "/apis/test.example.com/v2/namespaces/doomed/widgets";
    assertThat(server.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"doomed\"}}").statusCode()).isEqualTo(201);
    assertThat(server.send("POST", "/apis/hello.zeng.dev/v2/namespaces/doomed/foos", foo("f", "m")).statusCode()).isEqualTo(201);
    assertThat(server.send("POST", widgets, "{\"metadata\":{\"name\":\"sticky\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}").statusCode())
        .isEqualTo(201);
    String rv = json(server.send("GET", "/api/v1/namespaces/doomed", null)).at("/metadata/resourceVersion").asText();

    try (Lines watch = new Lines(server.base().resolve("/api/v1/namespaces?watch=true&fieldSelector=metadata.name%3Ddoomed&resourceVersion=" + rv))) {
      HttpResponse<String> deleted = server.send("DELETE", "/api/v1/namespaces/doomed", null);
      assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
      JsonNode ns = json(deleted);
      assertThat(ns.at("/status/phase").asText()).isEqualTo("Terminating");
      assertThat(ns.at("/metadata/deletionTimestamp").isTextual()).isTrue();
      assertThat(ns.at("/spec/finalizers/0").asText()).isEqualTo("kubernetes");

      JsonNode first = watch.next(WAIT);
      assertThat(first.at("/type").asText()).isEqualTo("MODIFIED");
      assertThat(first.at("/object/status/phase").asText()).isEqualTo("Terminating");

      Eventually.await("the Foo in doomed is deleted", WAIT,
          () -> server.send("GET", "/apis/hello.zeng.dev/v2/namespaces/doomed/foos/f", null).statusCode() == 404);
      HttpResponse<String> late = server.send("POST", "/apis/hello.zeng.dev/v2/namespaces/doomed/foos", foo("late", "m"));
      assertThat(late.statusCode()).isEqualTo(403);
      JsonNode s = json(late);
      assertThat(s.at("/message").asText()).isEqualTo("foos.hello.zeng.dev \"late\" is forbidden: unable to create new content in "
          + "namespace doomed because it is being terminated");
      assertThat(s.at("/details/causes/0/reason").asText()).isEqualTo("NamespaceTerminating");
      assertThat(s.at("/details/causes/0/message").asText()).isEqualTo("namespace doomed is being terminated");
      assertThat(s.at("/details/causes/0/field").asText()).isEqualTo("metadata.namespace");

      HttpResponse<String> again = server.send("DELETE", "/api/v1/namespaces/doomed", null);
      assertThat(again.statusCode()).isEqualTo(409);
      assertThat(json(again).at("/message").asText()).isEqualTo("Operation cannot be fulfilled on namespaces \"doomed\": The system is "
          + "ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.");

      stuck.set(false);
      JsonNode event = watch.next(WAIT);
      while (event.at("/type").asText().equals("MODIFIED")) {
        event = watch.next(WAIT);
      }
      assertThat(event.at("/type").asText()).isEqualTo("DELETED");
      assertThat(server.send("GET", "/api/v1/namespaces/doomed", null).statusCode()).isEqualTo(404);
      assertThat(server.send("GET", widgets + "/sticky", null).statusCode()).isEqualTo(404);
    }
  }
}
