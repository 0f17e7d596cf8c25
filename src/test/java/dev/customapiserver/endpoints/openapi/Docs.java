package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.Codecs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Test helper: the fixture documents parsed back with Jackson, and the lookups kubectl does. */
final class Docs {
  static final Codecs CODECS = new Codecs();
  static final OpenApiDocuments DOCUMENTS = new OpenApiDocuments(Fixtures.scheme(), CODECS);

  private Docs() {}

  static JsonNode parse(byte[] json) {
    try {
      return CODECS.json().readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The parsed document of an index key such as {@code apis/hello.zeng.dev/v2}. */
  static JsonNode doc(String key) {
    return parse(DOCUMENTS.document(key).orElseThrow().json());
  }

  static JsonNode schema(JsonNode doc, String name) {
    return doc.path("components").path("schemas").path(name);
  }

  /** Follows a {@code $ref} or a one-element {@code allOf:[{$ref}]} to the named schema, else the node. */
  static JsonNode deref(JsonNode doc, JsonNode node) {
    JsonNode ref = node.has("allOf") ? node.get("allOf").get(0).get("$ref") : node.get("$ref");
    if (ref == null) {
      return node;
    }
    return schema(doc, ref.asText().substring(SchemaNames.REF_PREFIX.length()));
  }

  /** The schema whose GVK array names {@code group/version/kind}, as kubectl explain finds it. */
  static JsonNode kindSchema(JsonNode doc, String group, String version, String kind) {
    List<JsonNode> found = new ArrayList<>();
    doc.path("components").path("schemas").forEach(s -> s.path("x-kubernetes-group-version-kind").forEach(g -> {
      if (g.path("group").asText().equals(group) && g.path("version").asText().equals(version)
          && g.path("kind").asText().equals(kind)) {
        found.add(s);
      }
    }));
    if (found.size() != 1) {
      throw new AssertionError(found.size() + " schemas for " + group + "/" + version + "/" + kind);
    }
    return found.get(0);
  }

  /** Walks a dotted field path ({@code spec.config.msg}) from a schema through properties and refs. */
  static JsonNode field(JsonNode doc, JsonNode schema, String path) {
    JsonNode current = schema;
    for (String part : path.split("\\.")) {
      current = deref(doc, current);
      if (current.path("type").asText().equals("array")) {
        current = deref(doc, current.get("items"));
      }
      current = current.path("properties").path(part);
    }
    return current;
  }
}
