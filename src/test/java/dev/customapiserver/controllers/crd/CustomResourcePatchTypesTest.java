package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The patch types a custom resource's PATCH operations advertise in OpenAPI, and the 415 for the
 * others. kubectl's client-side apply sends a strategic merge patch to a kind whose PATCH lists
 * {@code application/strategic-merge-patch+json} (OpenAPI v3 request body, else v2 {@code consumes}),
 * else a JSON merge patch; kube's CRD OpenAPI builder lists only these three.
 */
@DisplayName("CRDs: PATCH advertises and takes kube's three patch types, strategic merge patch is 415")
class CustomResourcePatchTypesTest {
  static final List<String> KUBE = List.of("application/json-patch+json", "application/merge-patch+json",
      "application/apply-patch+yaml");
  static final String SMP = "application/strategic-merge-patch+json";
  static final String GROUP = "patchtypes.example.com";
  static final String OBJECT = "/apis/" + GROUP + "/v1/namespaces/{namespace}/crontabs/{name}";
  static final List<String> PATCHED = List.of(OBJECT, OBJECT + "/status", OBJECT + "/scale");
  static final String VERSIONS = """
      [{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","properties":{
          "spec":{"type":"object","properties":{"replicas":{"type":"integer"}}},
          "status":{"type":"object","properties":{"replicas":{"type":"integer"}}}}}},
        "subresources":{"status":{},"scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas"}}}]
      """;
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = CrdFixture.withCronTabs(GROUP, VERSIONS);
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  @Test
  @DisplayName("OpenAPI v3: the request body of each PATCH (object, status, scale) is exactly kube's three types")
  void openApiV3() throws Exception {
    JsonNode paths = json(f.send("GET", "/openapi/v3/apis/" + GROUP + "/v1", null)).get("paths");
    for (String path : PATCHED) {
      JsonNode patch = paths.get(path).get("patch");
      assertThat(fieldNames(patch.get("requestBody").get("content"))).as(path).isEqualTo(KUBE);
    }
    JsonNode gvk = paths.get(OBJECT).get("patch").get("x-kubernetes-group-version-kind");
    assertThat(gvk.toString()).isEqualTo("{\"group\":\"" + GROUP + "\",\"version\":\"v1\",\"kind\":\"CronTab\"}");
    JsonNode builtIn = json(f.send("GET", "/openapi/v3/apis/hello.zeng.dev/v2", null)).get("paths")
        .get("/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos/{name}").get("patch");
    assertThat(fieldNames(builtIn.get("requestBody").get("content"))).as("built-in kinds keep strategic merge").contains(SMP);
  }

  @Test
  @DisplayName("OpenAPI v2, JSON and protobuf: the consumes of each PATCH is exactly kube's three types")
  void openApiV2() throws Exception {
    JsonNode paths = json(f.send("GET", "/openapi/v2", null)).get("paths");
    for (String path : PATCHED) {
      assertThat(texts(paths.get(path).get("patch").get("consumes"))).as(path).isEqualTo(KUBE);
    }
    assertThat(texts(paths.get("/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos/{name}").get("patch").get("consumes")))
        .contains(SMP);

    Map<String, List<String>> proto = protobufPatchConsumes();
    for (String path : PATCHED) {
      assertThat(proto.get(path)).as(path).isEqualTo(KUBE);
    }
    assertThat(proto.get("/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos/{name}")).contains(SMP);
  }

  @Test
  @DisplayName("a strategic merge patch of a custom resource or its status is 415 with kube's message")
  void strategicMergePatchRefused() throws Exception {
    String base = "/apis/" + GROUP + "/v1/namespaces/default/crontabs";
    HttpResponse<String> r = f.send("POST", base, "{\"apiVersion\":\"" + GROUP + "/v1\",\"kind\":\"CronTab\","
        + "\"metadata\":{\"name\":\"smp\"},\"spec\":{\"replicas\":1}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    for (String path : List.of(base + "/smp", base + "/smp/status", base + "/smp/scale")) {
      r = f.send("PATCH", path, "{\"spec\":{\"replicas\":2}}", "Content-Type", SMP);
      assertThat(r.statusCode()).as(path).isEqualTo(415);
      JsonNode status = json(r);
      assertThat(status.at("/reason").asText()).isEqualTo("UnsupportedMediaType");
      assertThat(status.at("/message").asText()).as(path).isEqualTo("the body of the request was in an unknown format - "
          + "accepted media types include: application/json-patch+json, application/merge-patch+json, "
          + "application/apply-patch+yaml");
    }
    r = f.send("PATCH", base + "/smp", "{\"spec\":{\"replicas\":2}}", "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
  }

  /**
   * The {@code consumes} of every PATCH in the protobuf v2 document, by path, read field by field from
   * gnostic's {@code openapi.v2.Document}: paths (8), its named path items (2: name 1, value 2), a path
   * item's patch (8), an operation's consumes (7).
   */
  private static Map<String, List<String>> protobufPatchConsumes() throws Exception {
    HttpRequest request = HttpRequest.newBuilder(f.server.base().resolve("/openapi/v2"))
        .header("Accept", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf").build();
    HttpResponse<byte[]> r = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());
    assertThat(r.statusCode()).isEqualTo(200);
    UnknownFieldSet doc = UnknownFieldSet.parseFrom(r.body());
    UnknownFieldSet paths = UnknownFieldSet.parseFrom(doc.getField(8).getLengthDelimitedList().get(0));
    Map<String, List<String>> consumes = new HashMap<>();
    for (ByteString named : paths.getField(2).getLengthDelimitedList()) {
      UnknownFieldSet item = UnknownFieldSet.parseFrom(named);
      String name = item.getField(1).getLengthDelimitedList().get(0).toStringUtf8();
      UnknownFieldSet pathItem = UnknownFieldSet.parseFrom(item.getField(2).getLengthDelimitedList().get(0));
      for (ByteString patch : pathItem.getField(8).getLengthDelimitedList()) {
        consumes.put(name, UnknownFieldSet.parseFrom(patch).getField(7).getLengthDelimitedList().stream()
            .map(ByteString::toStringUtf8).toList());
      }
    }
    return consumes;
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(t -> texts.add(t.asText()));
    return texts;
  }
}
