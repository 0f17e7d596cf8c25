package dev.customapiserver.endpoints.openapi;

import static dev.customapiserver.endpoints.openapi.Docs.DOCUMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OpenAPI v3 documents are well-formed")
class OpenApiWellFormedTest {
  private static final Set<String> ACTIONS = Set.of("get", "list", "post", "put", "patch", "delete", "deletecollection");
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
  private static final Pattern TEMPLATE = Pattern.compile("\\{([^}]+)}");

  @Test
  @DisplayName("every document parses back, declares openapi 3.0.0, and every $ref resolves to a component schema")
  void refsResolve() {
    for (String key : DOCUMENTS.keys()) {
      JsonNode doc = Docs.doc(key);
      assertThat(doc.get("openapi").asText()).isEqualTo("3.0.0");
      assertThat(doc.at("/info/title").isTextual()).isTrue();
      List<String> refs = new ArrayList<>();
      collectRefs(doc, refs);
      assertThat(refs).as(key).isNotEmpty();
      for (String ref : refs) {
        assertThat(ref).as(key).startsWith("#/components/schemas/");
        assertThat(doc.at("/components/schemas").has(ref.substring("#/components/schemas/".length())))
            .as(key + " " + ref).isTrue();
      }
    }
  }

  @Test
  @DisplayName("every schema is typed, every referenced schema is used, and no schema is left unreachable")
  void schemasTypedAndReachable() {
    for (String key : DOCUMENTS.keys()) {
      JsonNode doc = Docs.doc(key);
      Set<String> reachable = new HashSet<>();
      List<String> refs = new ArrayList<>();
      collectRefs(doc.get("paths"), refs);
      while (!refs.isEmpty()) {
        String name = refs.remove(refs.size() - 1).substring("#/components/schemas/".length());
        if (reachable.add(name)) {
          collectRefs(doc.at("/components/schemas").get(name), refs);
        }
      }
      for (Map.Entry<String, JsonNode> s : (Iterable<Map.Entry<String, JsonNode>>) doc.at("/components/schemas")::fields) {
        // every schema an object but kube's meta/v1 Time, a date-time string
        assertThat(s.getValue().get("type").asText()).as(key + " " + s.getKey())
            .isEqualTo(s.getKey().equals("io.k8s.apimachinery.pkg.apis.meta.v1.Time") ? "string" : "object");
        assertThat(reachable).as(key).contains(s.getKey());
      }
    }
  }

  @Test
  @DisplayName("every operation has an id, a known action, the GVK object, responses, and declares its path parameters")
  void operations() {
    for (String key : DOCUMENTS.keys()) {
      for (Map.Entry<String, JsonNode> item : (Iterable<Map.Entry<String, JsonNode>>) Docs.doc(key).get("paths")::fields) {
        assertThat(item.getKey()).startsWith("/" + key + "/");
        Set<String> templated = new HashSet<>();
        Matcher m = TEMPLATE.matcher(item.getKey());
        while (m.find()) {
          templated.add(m.group(1));
        }
        for (Map.Entry<String, JsonNode> op : (Iterable<Map.Entry<String, JsonNode>>) item.getValue()::fields) {
          String where = key + " " + op.getKey() + " " + item.getKey();
          JsonNode o = op.getValue();
          assertThat(METHODS).as(where).contains(op.getKey());
          assertThat(o.get("operationId").asText()).as(where).isNotEmpty();
          assertThat(ACTIONS).as(where).contains(o.get("x-kubernetes-action").asText());
          assertThat(o.get("x-kubernetes-group-version-kind").isObject()).as(where).isTrue();
          assertThat(o.get("responses").has("200")).as(where).isTrue();
          Set<String> declared = new HashSet<>();
          o.get("parameters").forEach(p -> {
            if (p.get("in").asText().equals("path")) {
              assertThat(p.get("required").asBoolean()).as(where).isTrue();
              declared.add(p.get("name").asText());
            }
            assertThat(p.at("/schema/type").isTextual()).as(where).isTrue();
          });
          assertThat(declared).as(where).isEqualTo(templated);
        }
      }
    }
  }

  private static void collectRefs(JsonNode node, List<String> out) {
    if (node == null) {
      return;
    }
    if (node.isObject() && node.has("$ref")) {
      out.add(node.get("$ref").asText());
    }
    node.forEach(child -> collectRefs(child, out));
  }
}
