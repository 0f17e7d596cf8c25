package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Deleting a CRD ends the open watches of its resource, after their DELETED events, as kube-apiserver does")
class CustomResourceWatchEndRestTest {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final String GIZMOS = "/apis/watch.example.com/v1/namespaces/default/gizmos";
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;
  static CustomResourceController controller;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
    controller = new CustomResourceController(server.registry());
    controller.start();
  }

  @AfterAll
  static void stop() throws Exception {
    controller.close();
    server.close();
  }

  /** The lines of a watch until the server ends its response (bounded by a generous deadline). */
  static CompletableFuture<List<String>> watch(String path) throws Exception {
    HttpResponse<InputStream> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.base().resolve(path)).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).as(path).isEqualTo(200);
    return CompletableFuture.supplyAsync(() -> {
      List<String> lines = new ArrayList<>();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
        for (String l; (l = in.readLine()) != null; ) {
          lines.add(l);
        }
      } catch (java.io.IOException e) {
        lines.add("broken: " + e);
      }
      return lines;
    });
  }

  /** Polls {@code path} until it answers {@code status} (the controller works in the background). */
  static void eventually(String path, int status) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (server.send("GET", path, null).statusCode() != status) {
      assertThat(System.nanoTime()).as(path + " answers " + status).isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  static List<String> summaries(List<String> lines) throws Exception {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      JsonNode e = JSON.readTree(l);
      out.add(e.path("type").asText() + " " + e.at("/object/metadata/name").asText());
    }
    return out;
  }

  @Test
  @DisplayName("watchers see each object's DELETED event, then the response ends (no ERROR); the resource then answers 404")
  void watchesEndWithTheDefinition() throws Exception {
    String crd = """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"gizmos.watch.example.com"},
         "spec":{"group":"watch.example.com","scope":"Namespaced","names":{"plural":"gizmos","kind":"Gizmo"},
           "versions":[{"name":"v1","served":true,"storage":true,
             "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}
        """;
    assertThat(server.send("POST", CRDS, crd).statusCode()).isEqualTo(201);
    eventually(GIZMOS, 200);
    for (String name : List.of("one", "two")) {
      HttpResponse<String> r = server.send("POST", GIZMOS, "{\"apiVersion\":\"watch.example.com/v1\",\"kind\":\"Gizmo\","
          + "\"metadata\":{\"name\":\"" + name + "\",\"labels\":{\"n\":\"" + name + "\"}}}");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    }
    String rv = JSON.readTree(server.send("GET", GIZMOS, null).body()).at("/metadata/resourceVersion").asText();
    CompletableFuture<List<String>> fromRv = watch(GIZMOS + "?watch=true&resourceVersion=" + rv);
    CompletableFuture<List<String>> withInitial = watch("/apis/watch.example.com/v1/gizmos?watch=true");
    CompletableFuture<List<String>> selected = watch("/apis/watch.example.com/v1/watch/namespaces/default/gizmos?labelSelector=n%3Dtwo");

    assertThat(server.send("DELETE", CRDS + "/gizmos.watch.example.com", null).statusCode()).isEqualTo(200);

    assertThat(summaries(fromRv.get(30, TimeUnit.SECONDS))).containsExactlyInAnyOrder("DELETED one", "DELETED two");
    assertThat(summaries(withInitial.get(30, TimeUnit.SECONDS)))
        .containsExactlyInAnyOrder("ADDED one", "ADDED two", "DELETED one", "DELETED two");
    assertThat(summaries(selected.get(30, TimeUnit.SECONDS))).containsExactly("ADDED two", "DELETED two");
    eventually(GIZMOS, 404);
    assertThat(server.send("GET", GIZMOS + "?watch=true", null).statusCode()).isEqualTo(404);
  }
}
