package dev.customapiserver.endpoints;

import static dev.customapiserver.endpoints.RestApiCrudTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A create-only resource (VirtualResource) through the REST layer")
class VirtualCreateTest {
  static final String ECHOES = "/apis/echo.example.com/v1/echoes";
  static TestServer server;

  /** A review-style wire type: a spec in, the same with a status out. */
  public static final class Echo {
    public Object metadata;
    public Spec spec;
    public Status status;

    public static final class Spec {
      public String text;
    }

    public static final class Status {
      public String text;
      public String namespace;
      public String user;
    }
  }

  @BeforeAll
  static void start() throws Exception {
    VirtualResource.Handler<Echo> handler = (echo, context) -> {
      echo.status = new Echo.Status();
      echo.status.text = echo.spec == null ? "" : echo.spec.text.toUpperCase();
      echo.status.namespace = context.namespace();
      echo.status.user = context.user().name();
      return echo;
    };
    server = TestServer.withVirtualCreates(List.of(new ApiGroup("echo.example.com", List.of("v1"), List.of())),
        new MemoryStorageBackend(), List.of(
            new VirtualResource<>("echo.example.com", "v1", "Echo", "echoes", false, Echo.class, handler),
            new VirtualResource<>("echo.example.com", "v1", "LocalEcho", "localechoes", true, Echo.class, handler)));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @DisplayName("POST answers 201 with the handler's object in the resource's apiVersion and kind")
  void create() throws Exception {
    HttpResponse<String> r = server.send("POST", ECHOES, "{\"apiVersion\":\"echo.example.com/v1\",\"kind\":\"Echo\",\"spec\":{\"text\":\"hi\"}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode body = json(r);
    assertThat(body.get("kind").asText()).isEqualTo("Echo");
    assertThat(body.get("apiVersion").asText()).isEqualTo("echo.example.com/v1");
    assertThat(body.at("/status/text").asText()).isEqualTo("HI");
    assertThat(body.at("/status/user").asText()).isEqualTo("system:anonymous");
  }

  @Test
  @DisplayName("a namespaced one is served under /namespaces/{namespace} and the handler sees the namespace")
  void namespaced() throws Exception {
    HttpResponse<String> r = server.send("POST", "/apis/echo.example.com/v1/namespaces/team-a/localechoes",
        "{\"spec\":{\"text\":\"x\"}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(json(r).at("/status/namespace").asText()).isEqualTo("team-a");
    assertThat(json(r).get("kind").asText()).isEqualTo("LocalEcho");
  }

  @Test
  @DisplayName("a wrong kind or an unknown field (Strict) is 400 and other verbs have no route (404/405), never a 500")
  void badRequests() throws Exception {
    HttpResponse<String> kind = server.send("POST", ECHOES, "{\"kind\":\"Other\",\"spec\":{\"text\":\"x\"}}");
    assertThat(kind.statusCode()).isEqualTo(400);
    assertThat(json(kind).get("message").asText()).isEqualTo("the kind in the data (Other) does not match the expected kind (Echo)");
    HttpResponse<String> unknown = server.send("POST", ECHOES + "?fieldValidation=Strict", "{\"spec\":{\"txt\":\"x\"}}");
    assertThat(unknown.statusCode()).isEqualTo(400);
    assertThat(json(unknown).get("kind").asText()).isEqualTo("Status");
    assertThat(server.send("GET", ECHOES, null).statusCode()).isIn(404, 405);
    assertThat(server.send("GET", ECHOES + "/x", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("discovery lists it with the single verb create, legacy and aggregated")
  void discovery() throws Exception {
    JsonNode list = json(server.send("GET", "/apis/echo.example.com/v1", null));
    assertThat(list.at("/resources/0/name").asText()).isEqualTo("echoes");
    assertThat(list.at("/resources/0/verbs").toString()).isEqualTo("[\"create\"]");
    assertThat(list.at("/resources/1/namespaced").asBoolean()).isTrue();
    JsonNode aggregated = json(server.send("GET", "/apis", null,
        "Accept", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"));
    assertThat(aggregated.toString()).contains("\"resource\":\"echoes\"");
  }
}
