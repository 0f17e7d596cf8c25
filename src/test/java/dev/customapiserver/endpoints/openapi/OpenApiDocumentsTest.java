package dev.customapiserver.endpoints.openapi;

import static dev.customapiserver.endpoints.openapi.Docs.DOCUMENTS;
import static dev.customapiserver.endpoints.openapi.Docs.doc;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OpenAPI v3 documents: index and paths")
class OpenApiDocumentsTest {
  private static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos";

  @Test
  @DisplayName("the index lists every served group-version, core first, each with its current hash URL")
  void index() {
    JsonNode paths = Docs.parse(DOCUMENTS.index("/")).get("paths");
    List<String> keys = new ArrayList<>();
    paths.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("api/v1", "apis/autobusi.group.cicd/v1alpha", "apis/hello.zeng.dev/v2",
        "apis/hello.zeng.dev/v1", "apis/restaurant.wukong.com/v1beta1", "apis/wardle.example.com/v1alpha1");
    for (String key : keys) {
      String hash = DOCUMENTS.document(key).orElseThrow().hash();
      assertThat(paths.get(key).get("serverRelativeURL").asText()).isEqualTo("/openapi/v3/" + key + "?hash=" + hash);
    }
  }

  @Test
  @DisplayName("a group-version a kind is not served in has no document (wardle v1beta1 serves nothing here)")
  void noEmptyDocuments() {
    assertThat(DOCUMENTS.document("apis/wardle.example.com/v1beta1")).isEmpty();
    assertThat(DOCUMENTS.document("apis/nope.example.com/v1")).isEmpty();
  }

  @Test
  @DisplayName("the index URLs keep the application's base path when served under a context path")
  void indexUnderContextPath() {
    String url = Docs.parse(DOCUMENTS.index("/ctx/")).get("paths").get("api/v1").get("serverRelativeURL").asText();
    assertThat(url).startsWith("/ctx/openapi/v3/api/v1?hash=");
  }

  @Test
  @DisplayName("hashes are upper-case SHA-512 hex and the same for the same Scheme")
  void stableHashes() {
    OpenApiDocuments again = new OpenApiDocuments(Fixtures.scheme(), Docs.CODECS);
    for (String key : DOCUMENTS.keys()) {
      String hash = DOCUMENTS.document(key).orElseThrow().hash();
      assertThat(hash).matches("[0-9A-F]{128}");
      assertThat(again.document(key).orElseThrow().hash()).isEqualTo(hash);
    }
    assertThat(DOCUMENTS.document("apis/hello.zeng.dev/v1").orElseThrow().hash())
        .isNotEqualTo(DOCUMENTS.document("apis/hello.zeng.dev/v2").orElseThrow().hash());
  }

  @Test
  @DisplayName("a namespaced kind has collection, object, status and all-namespaces paths with kube's actions")
  void namespacedPaths() {
    JsonNode paths = doc("apis/hello.zeng.dev/v2").get("paths");
    assertThat(fieldNames(paths)).containsExactlyInAnyOrder(FOOS, FOOS + "/{name}", FOOS + "/{name}/status",
        "/apis/hello.zeng.dev/v2/foos");
    assertThat(actions(paths.get(FOOS))).containsExactly("get=list", "post=post", "delete=deletecollection");
    assertThat(actions(paths.get(FOOS + "/{name}"))).containsExactly("get=get", "put=put", "patch=patch", "delete=delete");
    assertThat(actions(paths.get(FOOS + "/{name}/status"))).containsExactly("get=get", "put=put", "patch=patch");
    assertThat(actions(paths.get("/apis/hello.zeng.dev/v2/foos"))).containsExactly("get=list");
    assertThat(paths.get(FOOS).get("get").get("operationId").asText()).isEqualTo("listHelloZengDevV2NamespacedFoo");
    assertThat(paths.get(FOOS).get("get").get("tags").get(0).asText()).isEqualTo("helloZengDev_v2");
  }

  @Test
  @DisplayName("cluster-scoped kinds have no namespace segment; core kinds live under /api/v1; no status without the subresource")
  void clusterScopedAndCorePaths() {
    assertThat(fieldNames(doc("apis/restaurant.wukong.com/v1beta1").get("paths"))).containsExactly(
        "/apis/restaurant.wukong.com/v1beta1/toppings", "/apis/restaurant.wukong.com/v1beta1/toppings/{name}");
    JsonNode core = doc("api/v1").get("paths");
    assertThat(fieldNames(core)).containsExactly("/api/v1/namespaces", "/api/v1/namespaces/{name}",
        "/api/v1/namespaces/{name}/status");
    assertThat(core.get("/api/v1/namespaces/{name}").get("patch").get("x-kubernetes-group-version-kind"))
        .isEqualTo(Docs.parse("{\"group\":\"\",\"version\":\"v1\",\"kind\":\"Namespace\"}".getBytes()));
    assertThat(core.get("/api/v1/namespaces").get("get").get("operationId").asText()).isEqualTo("listCoreV1Namespace");
  }

  @Test
  @DisplayName("kubectl's server-side validation check passes: a patch operation with the GVK object and a fieldValidation query parameter")
  void serverSideValidationDetectable() {
    for (String key : DOCUMENTS.keys()) {
      JsonNode doc = doc(key);
      doc.get("paths").forEach(item -> {
        JsonNode patch = item.get("patch");
        if (patch != null) {
          JsonNode gvk = patch.get("x-kubernetes-group-version-kind");
          assertThat(gvk.isObject()).as(key).isTrue();
          assertThat(gvk.get("kind").asText()).isNotEmpty();
          assertThat(queryParams(patch)).contains("fieldValidation", "fieldManager", "dryRun", "force");
        }
      });
    }
  }

  @Test
  @DisplayName("patch operations advertise exactly the implemented patch types: JSON, merge and strategic merge patch")
  void patchContentTypes() {
    JsonNode content = doc("apis/hello.zeng.dev/v2").get("paths").get(FOOS + "/{name}").get("patch")
        .get("requestBody").get("content");
    assertThat(fieldNames(content)).containsExactly("application/json-patch+json", "application/merge-patch+json",
            "application/strategic-merge-patch+json", "application/apply-patch+yaml")
        .isEqualTo(OpenApiDocuments.PATCH_CONTENT_TYPES);
    assertThat(content.get("application/merge-patch+json").get("schema").get("$ref").asText())
        .isEqualTo("#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Patch");
  }

  @Test
  @DisplayName("create and replace take the kind as JSON or YAML and answer with it; list answers with the list kind")
  void bodiesAndResponses() {
    JsonNode paths = doc("apis/hello.zeng.dev/v2").get("paths");
    String foo = "#/components/schemas/dev.zeng.hello.v2.Foo";
    for (JsonNode op : List.of(paths.get(FOOS).get("post"), paths.get(FOOS + "/{name}").get("put"))) {
      JsonNode content = op.get("requestBody").get("content");
      assertThat(fieldNames(content)).containsExactly("application/json", "application/yaml");
      assertThat(content.get("application/yaml").get("schema").get("$ref").asText()).isEqualTo(foo);
      assertThat(op.get("responses").get("201").get("content").get("application/json").get("schema").get("$ref")
          .asText()).isEqualTo(foo);
      assertThat(queryParams(op)).containsExactly("pretty", "dryRun", "fieldManager", "fieldValidation");
    }
    JsonNode list = paths.get(FOOS).get("get");
    assertThat(list.get("responses").get("200").get("content").get("application/json").get("schema").get("$ref")
        .asText()).isEqualTo(foo + "List");
  }

  @Test
  @DisplayName("list takes selectors, paging and watch parameters; deletecollection the same without watch")
  void listParameters() {
    JsonNode paths = doc("apis/hello.zeng.dev/v2").get("paths");
    assertThat(queryParams(paths.get(FOOS).get("get"))).contains("labelSelector", "fieldSelector", "limit", "continue",
        "resourceVersion", "resourceVersionMatch", "timeoutSeconds", "watch", "allowWatchBookmarks", "sendInitialEvents");
    assertThat(queryParams(paths.get(FOOS).get("delete"))).contains("labelSelector", "fieldSelector", "limit",
        "propagationPolicy", "dryRun").doesNotContain("watch", "allowWatchBookmarks");
    assertThat(paths.get(FOOS + "/{name}").get("get").get("parameters")).extracting(p -> p.get("name").asText())
        .containsExactly("name", "namespace", "pretty");
  }

  @Test
  @DisplayName("operation ids are unique in each document")
  void uniqueOperationIds() {
    for (String key : DOCUMENTS.keys()) {
      Set<String> ids = new HashSet<>();
      doc(key).get("paths").forEach(item -> item.forEach(op -> assertThat(ids.add(op.get("operationId").asText()))
          .as(key + " " + op.get("operationId")).isTrue()));
    }
  }

  static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> actions(JsonNode item) {
    return fieldNames(item).stream().map(m -> m + "=" + item.get(m).get("x-kubernetes-action").asText()).toList();
  }

  private static List<String> queryParams(JsonNode op) {
    List<String> names = new ArrayList<>();
    op.get("parameters").forEach(p -> {
      if (p.get("in").asText().equals("query")) {
        names.add(p.get("name").asText());
      }
    });
    return names;
  }
}
