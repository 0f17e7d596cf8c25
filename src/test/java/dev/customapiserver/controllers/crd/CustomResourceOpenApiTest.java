package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CustomResourceDefinitions in OpenAPI: what kubectl explain reads, following CRDs as they come and go")
class CustomResourceOpenApiTest {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final ObjectMapper JSON = new ObjectMapper();
  static final String KIND = "com.example.stable.v1.CronTab";
  static TestServer server;
  static CustomResourceController controller;

  /** A CronTab with a map-list, a nullable field, a preserve-unknown-fields field and an embedded resource. */
  static final String CRD = """
      {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
       "metadata":{"name":"crontabs.stable.example.com"},
       "spec":{"group":"stable.example.com","scope":"Namespaced",
         "names":{"plural":"crontabs","kind":"CronTab","shortNames":["ct"]},
         "versions":[{"name":"v1","served":true,"storage":true,
           "schema":{"openAPIV3Schema":{"type":"object","description":"A CronTab runs an image on a schedule.",
             "properties":{"spec":{"type":"object","required":["cronSpec","note"],"properties":{
               "cronSpec":{"type":"string","description":"When to run, in cron syntax.","pattern":"^[*0-9 /]+$"},
               "image":{"type":"string"},
               "replicas":{"type":"integer","default":1,"minimum":0},
               "note":{"type":"string","nullable":true},
               "extra":{"type":"object","x-kubernetes-preserve-unknown-fields":true,
                        "properties":{"kept":{"type":"string"}}},
               "template":{"type":"object","x-kubernetes-embedded-resource":true,
                           "x-kubernetes-preserve-unknown-fields":true},
               "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name"],
                        "items":{"type":"object","required":["name"],"properties":{
                          "name":{"type":"string"},"port":{"type":"integer"}}}}}}}}}}]}}
      """;

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

  static JsonNode eventually(String path, Predicate<HttpResponse<String>> done) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    HttpResponse<String> r;
    do {
      r = server.send("GET", path, null);
      if (done.test(r)) {
        return r.body().isEmpty() ? null : JSON.readTree(r.body());
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("not reached for " + path + ": " + r.statusCode() + " " + r.body());
  }

  static JsonNode get(String path) throws Exception {
    HttpResponse<String> r = server.send("GET", path, null);
    assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  @Test
  @DisplayName("a served version gets its /openapi/v3 document (kind with gvk, ObjectMeta, list kind, paths) and a place in "
      + "/openapi/v2 with v2's reductions; the index, hashes and ETags change as the CRD comes and goes")
  void publishedWhileServed() throws Exception {
    JsonNode indexBefore = get("/openapi/v3");
    assertThat(indexBefore.at("/paths").has("apis/stable.example.com/v1")).isFalse();
    String v2EtagBefore = server.send("GET", "/openapi/v2", null).headers().firstValue("ETag").orElseThrow();

    HttpResponse<String> r = server.send("POST", CRDS, CRD);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode index = eventually("/openapi/v3", x -> x.body().contains("apis/stable.example.com/v1"));
    String url = index.at("/paths/apis~1stable.example.com~1v1/serverRelativeURL").asText();
    assertThat(url).startsWith("/openapi/v3/apis/stable.example.com/v1?hash=");

    HttpResponse<String> docResponse = server.send("GET", url, null);
    assertThat(docResponse.statusCode()).isEqualTo(200);
    assertThat(docResponse.headers().firstValue("Cache-Control")).hasValue("public, immutable");
    JsonNode doc = JSON.readTree(docResponse.body());
    JsonNode kind = doc.at("/components/schemas/" + KIND);
    assertThat(kind.at("/description").asText()).isEqualTo("A CronTab runs an image on a schedule.");
    assertThat(kind.at("/x-kubernetes-group-version-kind").toString())
        .isEqualTo("[{\"group\":\"stable.example.com\",\"version\":\"v1\",\"kind\":\"CronTab\"}]");
    assertThat(kind.at("/properties/metadata/allOf/0/$ref").asText())
        .isEqualTo("#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    assertThat(kind.at("/properties/apiVersion/type").asText()).isEqualTo("string");
    assertThat(kind.at("/properties/kind/type").asText()).isEqualTo("string");
    JsonNode spec = kind.at("/properties/spec");
    assertThat(spec.at("/properties/cronSpec/description").asText()).isEqualTo("When to run, in cron syntax.");
    assertThat(spec.at("/properties/cronSpec/pattern").asText()).isEqualTo("^[*0-9 /]+$");
    assertThat(spec.at("/properties/replicas/default").asInt()).isEqualTo(1);
    assertThat(spec.at("/properties/note/nullable").asBoolean()).isTrue();
    assertThat(spec.at("/properties/ports/x-kubernetes-list-type").asText()).isEqualTo("map");
    assertThat(spec.at("/properties/ports/x-kubernetes-list-map-keys/0").asText()).isEqualTo("name");
    assertThat(spec.at("/properties/template/properties/metadata/allOf/0/$ref").asText()).endsWith(".ObjectMeta");
    assertThat(spec.at("/properties/template/required").toString()).isEqualTo("[\"kind\",\"apiVersion\"]");
    assertThat(doc.at("/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta/type").asText()).isEqualTo("object");
    JsonNode list = doc.at("/components/schemas/" + KIND + "List");
    assertThat(list.at("/properties/items/items/$ref").asText()).isEqualTo("#/components/schemas/" + KIND);
    assertThat(list.at("/x-kubernetes-group-version-kind/0/kind").asText()).isEqualTo("CronTabList");
    assertThat(doc.at("/paths").has("/apis/stable.example.com/v1/namespaces/{namespace}/crontabs/{name}")).isTrue();
    assertThat(doc.at("/paths").has("/apis/stable.example.com/v1/crontabs")).isTrue();

    // v2: same definitions, reduced to what v2 (and kubectl's v2 reader) takes
    HttpResponse<String> v2Response = server.send("GET", "/openapi/v2", null);
    assertThat(v2Response.headers().firstValue("ETag")).isNotEqualTo(java.util.Optional.of(v2EtagBefore));
    JsonNode v2 = JSON.readTree(v2Response.body());
    JsonNode v2Spec = v2.at("/definitions/" + KIND + "/properties/spec");
    assertThat(v2.at("/definitions/" + KIND + "/properties/metadata/$ref").asText())
        .isEqualTo("#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    assertThat(v2Spec.at("/properties/cronSpec/type").asText()).isEqualTo("string");
    assertThat(v2Spec.at("/properties/replicas").has("default")).as("v2 publishes no defaults").isFalse();
    assertThat(v2Spec.at("/properties/note").has("type")).as("nullable: untyped in v2").isFalse();
    assertThat(v2Spec.at("/required").toString()).as("a nullable field is not required in v2").isEqualTo("[\"cronSpec\"]");
    assertThat(v2Spec.at("/properties/extra").has("properties")).isFalse();
    assertThat(v2Spec.at("/properties/extra").has("type")).isFalse();
    assertThat(v2Spec.at("/properties/template").has("properties")).isFalse();
    assertThat(v2.at("/paths").has("/apis/stable.example.com/v1/namespaces/{namespace}/crontabs")).isTrue();
    assertThat(server.send("GET", "/openapi/v2", null, "Accept", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf")
        .statusCode()).isEqualTo(200);

    // removing the CRD takes its document out of the index and its definitions out of v2
    assertThat(server.send("DELETE", CRDS + "/crontabs.stable.example.com", null).statusCode()).isEqualTo(200);
    eventually("/openapi/v3", x -> !x.body().contains("apis/stable.example.com/v1"));
    assertThat(server.send("GET", "/openapi/v3/apis/stable.example.com/v1", null).statusCode()).isEqualTo(404);
    assertThat(server.send("GET", "/openapi/v2", null).body()).doesNotContain(KIND);
  }
}
