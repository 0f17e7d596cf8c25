package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI documents of custom resources against what kube-apiserver 1.36 serves for the same
 * CustomResourceDefinitions (src/test/resources/openapi-kube: its documents, cut to the group's part).
 */
@DisplayName("CustomResourceDefinitions in OpenAPI v3 and v2: as kube-apiserver 1.36 publishes them")
class CustomResourceOpenApiAsKubeTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final ObjectMapper SORTED = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  static TestServer server;
  static CustomResourceController controller;

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(TestServer.everyGroup(), new MemoryStorageBackend());
    controller = new CustomResourceController(server.registry());
    controller.start();
    for (String file : List.of("crds.json", "crds-my-group.json")) {
      for (JsonNode crd : kube(file)) {
        HttpResponse<String> r = server.send("POST", CustomResourceOpenApiTest.CRDS, crd.toString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      }
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!server.send("GET", "/openapi/v3", null).body().contains("apis/stable.example.com/v2")
        || !server.send("GET", "/openapi/v3", null).body().contains("apis/my-group.example.io/v1beta1")
        || !server.send("GET", "/openapi/v2", null).body().contains("com.example.stable.v1.Widget")
        || !server.send("GET", "/openapi/v2", null).body().contains("io.example.my-group.v1beta1.IdolCollection")) {
      assertThat(System.nanoTime()).as("the group's documents are published").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    controller.close();
    server.close();
  }

  @Test
  @DisplayName("v3: the same paths, operations (ids, descriptions, tags, actions, kinds), parameters (shared at the "
      + "path, sorted, kube's wording), bodies and responses, and the document's info")
  void v3Paths() throws Exception {
    JsonNode kube = kube("stable.example.com-v1.v3.json");
    JsonNode ours = get("/openapi/v3/apis/stable.example.com/v1");
    assertSame(ours.get("info"), kube.get("info"), "info");
    assertThat(names(ours)).containsExactlyInAnyOrderElementsOf(texts(kube.get("topLevel")));
    assertThat(names(ours.get("components").get("schemas"))).as("the document's schemas: the kinds, meta/v1, Scale")
        .containsExactlyInAnyOrderElementsOf(texts(kube.get("schemaNames")));
    assertThat(names(ours.get("paths"))).containsExactlyInAnyOrderElementsOf(names(kube.get("paths")));
    kube.get("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m ->
        assertSame(ours.get("paths").get(p.getKey()).get(m.getKey()), m.getValue(), m.getKey() + " " + p.getKey())));
    assertThat(ours.get("paths")).isEqualTo(kube.get("paths"));
  }

  @Test
  @DisplayName("v3: the kinds' and lists' schemas as kube builds them from openAPIV3Schema (apiVersion, kind, "
      + "metadata, embedded resources, group-version-kind), in each version")
  void v3Schemas() throws Exception {
    for (String version : List.of("v1", "v2")) {
      JsonNode kube = kube("stable.example.com-" + version + ".v3.json").get("schemas");
      JsonNode ours = get("/openapi/v3/apis/stable.example.com/" + version).get("components").get("schemas");
      kube.fields().forEachRemaining(s -> assertSame(ours.get(s.getKey()), s.getValue(), s.getKey()));
    }
  }

  @Test
  @DisplayName("v2: the same paths (consumes and produces, body parameters, references to the shared parameters), "
      + "the kinds' v2 definitions, the meta/v1 ones without defaults, and the shared parameters under kube's names")
  void v2() throws Exception {
    JsonNode kube = kube("stable.example.com.v2.json");
    JsonNode ours = get("/openapi/v2");
    kube.get("paths").fields().forEachRemaining(p ->
        assertSame(ours.get("paths").get(p.getKey()), p.getValue(), p.getKey()));
    kube.get("definitions").fields().forEachRemaining(d ->
        assertSame(ours.get("definitions").get(d.getKey()), d.getValue(), d.getKey()));
    kube.get("parameters").fields().forEachRemaining(p ->
        assertSame(ours.get("parameters").get(p.getKey()), p.getValue(), p.getKey()));
  }

  @Test
  @DisplayName("a cluster-scoped kind with a plural-looking name (no article), a preserve-unknown-fields root, "
      + "int-or-string fields unfolded, embedded resources in a list, and a CRD's own listKind: the kinds' v3 and v2 "
      + "schemas and each operation's id, description, tags, kind and response schemas as kube's")
  void otherShapes() throws Exception {
    JsonNode kube = kube("my-group.example.io-v1beta1.v3.json");
    JsonNode ours = get("/openapi/v3/apis/my-group.example.io/v1beta1");
    kube.get("schemas").fields().forEachRemaining(s ->
        assertSame(ours.get("components").get("schemas").get(s.getKey()), s.getValue(), s.getKey()));
    assertThat(names(ours.get("paths"))).containsExactlyInAnyOrderElementsOf(names(kube.get("operations")));
    kube.get("operations").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m -> {
      JsonNode op = ours.get("paths").get(p.getKey()).get(m.getKey());
      assertThat(op).as(m.getKey() + " " + p.getKey()).isNotNull();
      for (String field : List.of("operationId", "description", "tags", "x-kubernetes-group-version-kind")) {
        assertSame(op.get(field), m.getValue().get(field), m.getKey() + " " + p.getKey() + " " + field);
      }
      m.getValue().get("responses").fields().forEachRemaining(r -> {
        java.util.Set<String> refs = new java.util.TreeSet<>();
        op.get("responses").get(r.getKey()).path("content").forEach(c -> refs.add(c.at("/schema/$ref").asText()));
        assertThat(refs).as(p.getKey() + " " + m.getKey() + " " + r.getKey()).containsExactlyElementsOf(texts(r.getValue()));
      });
    }));
    JsonNode v2 = get("/openapi/v2").get("definitions");
    kube("my-group.example.io.v2.json").get("definitions").fields().forEachRemaining(d ->
        assertSame(v2.get(d.getKey()), d.getValue(), "v2 " + d.getKey()));
  }

  /** Equal JSON (objects in any key order), shown as sorted JSON when not. */
  static void assertSame(JsonNode ours, JsonNode kube, String what) {
    assertThat(ours).as(what).isNotNull();
    if (!ours.equals(kube)) {
      assertThat(sorted(ours)).as(what).isEqualTo(sorted(kube));
    }
  }

  static String sorted(JsonNode node) {
    try {
      return SORTED.writerWithDefaultPrettyPrinter().writeValueAsString(SORTED.treeToValue(node, Object.class));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static JsonNode kube(String file) throws IOException {
    try (InputStream in = CustomResourceOpenApiAsKubeTest.class.getResourceAsStream("/openapi-kube/" + file)) {
      return JSON.readTree(in);
    }
  }

  static JsonNode get(String path) throws Exception {
    HttpResponse<String> r = server.send("GET", path, null);
    assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(t -> texts.add(t.asText()));
    return texts;
  }

  static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
