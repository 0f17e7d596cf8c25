package dev.customapiserver.endpoints.representation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JSON answers laid out as kube-apiserver's: indented for curl, browsers and ?pretty=true, else compact with a newline")
class JsonLayoutRestTest {
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  static final String CURL = "curl/8.5.0";
  static final String KUBECTL = "kubectl/v1.33.0 (linux/amd64) kubernetes/abc";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(TestServer.everyGroup(), new MemoryStorageBackend());
    server.send("POST", FOOS, "{\"metadata\":{\"name\":\"one\"},\"spec\":{\"config\":{\"msg\":\"m\"}}}");
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static HttpResponse<String> get(String path, String agent) throws Exception {
    return server.send("GET", path, null, "User-Agent", agent);
  }

  @Test
  @DisplayName("curl gets objects, lists, discovery and errors indented by two spaces without a final newline")
  void curl() throws Exception {
    HttpResponse<String> foo = get(FOOS + "/one", CURL);
    assertThat(foo.body()).startsWith("{\n  \"apiVersion\": \"hello.zeng.dev/v2\",\n  \"kind\": \"Foo\",\n  \"metadata\": {\n    \"name\": \"one\",")
        .endsWith("\n}");
    assertThat(Long.parseLong(foo.headers().firstValue("Content-Length").orElseThrow())).isEqualTo(foo.body().length());
    assertThat(get(FOOS, CURL).body()).startsWith("{\n  \"apiVersion\": \"hello.zeng.dev/v2\",\n  \"kind\": \"FooList\",");
    assertThat(get("/apis/hello.zeng.dev", CURL).body()).startsWith("{\n  \"kind\": \"APIGroup\",");
    HttpResponse<String> missing = get(FOOS + "/nope", CURL);
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(missing.body()).isEqualTo("""
        {
          "kind": "Status",
          "apiVersion": "v1",
          "metadata": {},
          "status": "Failure",
          "message": "foos.hello.zeng.dev \\"nope\\" not found",
          "reason": "NotFound",
          "details": {
            "name": "nope",
            "group": "hello.zeng.dev",
            "kind": "foos"
          },
          "code": 404
        }""");
  }

  @Test
  @DisplayName("kubectl and client libraries get compact JSON ending with a newline; ?pretty= decides when given")
  void compact() throws Exception {
    HttpResponse<String> foo = get(FOOS + "/one", KUBECTL);
    assertThat(foo.body()).startsWith("{\"apiVersion\":\"hello.zeng.dev/v2\",\"kind\":\"Foo\",").endsWith("}\n");
    assertThat(get(FOOS + "/nope", KUBECTL).body()).endsWith("\"code\":404}\n");
    assertThat(get(FOOS + "/one?pretty=true", KUBECTL).body()).startsWith("{\n  \"apiVersion\"");
    assertThat(get(FOOS + "/one?pretty=false", CURL).body()).startsWith("{\"apiVersion\"").endsWith("}\n");
  }

  @Test
  @DisplayName("/version is indented for everyone and the OpenAPI document is written as it is, as kube does")
  void asIs() throws Exception {
    assertThat(get("/version", KUBECTL).body()).startsWith("{\n  \"major\": ").endsWith("\n}");
    assertThat(get("/openapi/v2", CURL).body()).startsWith("{\"swagger\":\"2.0\"").doesNotEndWith("\n");
  }
}
