package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.schema.JavaSchemas;
import dev.customapiserver.schema.StructuralSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The check kube's field manager makes when it turns an applied configuration into a typed object
 * against a custom resource's schema: a field the schema does not declare (outside
 * {@code x-kubernetes-preserve-unknown-fields}) fails the apply, whatever {@code fieldValidation}
 * says, as {@code failed to create typed patch object (ns/name; group/v1, Kind=K): .spec.foo: field not
 * declared in schema}. kube-apiserver answers that with a 500; this server answers 400, the
 * status kube's own issue (kubernetes/kubernetes#122480) asks for.
 */
final class UndeclaredFields {
  private static final Set<String> TYPE_META = Set.of("apiVersion", "kind");
  private final StructuralSchema objectMeta = new JavaSchemas().of(ObjectMeta.class);

  /** Throws 400 naming every undeclared field of {@code config} (an applied configuration) under {@code schema}. */
  void check(StructuralSchema schema, JsonNode config) {
    List<String> errors = new ArrayList<>();
    walk(schema, config, "", true, errors);
    if (errors.isEmpty()) {
      return;
    }
    String detail = errors.size() == 1 ? errors.get(0) : "errors:\n  " + String.join("\n  ", errors);
    throw Errors.badRequest("failed to create typed patch object (" + objectName(config) + "): " + detail);
  }

  private void walk(StructuralSchema s, JsonNode v, String path, boolean embedded, List<String> errors) {
    if (s == null || v == null || s.preserveUnknownFields() && !embedded) {
      return;
    }
    if (v.isObject()) {
      for (Map.Entry<String, JsonNode> e : iterable(v)) {
        String name = e.getKey();
        String at = path + "." + name;
        if (embedded && TYPE_META.contains(name)) {
          continue;
        }
        if (embedded && name.equals("metadata")) {
          walk(objectMeta, e.getValue(), at, false, errors);
          continue;
        }
        StructuralSchema p = s.property(name);
        if (p == null && !s.preserveUnknownFields()) {
          errors.add(at + ": field not declared in schema");
        } else {
          walk(p, e.getValue(), at, p != null && p.embeddedResource(), errors);
        }
      }
    } else if (v.isArray() && s.items() != null) {
      for (int i = 0; i < v.size(); i++) {
        JsonNode item = v.get(i);
        walk(s.items(), item, path + element(s, item, i), s.items().embeddedResource(), errors);
      }
    }
  }

  /** The path element of a list item as structured-merge-diff prints it: {@code [name="a"]}, {@code [="x"]} or {@code [0]}. */
  private static String element(StructuralSchema list, JsonNode item, int index) {
    if ("map".equals(list.listType()) && !list.listMapKeys().isEmpty() && item.isObject()) {
      List<String> keys = new ArrayList<>();
      for (String k : list.listMapKeys()) {
        if (item.has(k)) {
          keys.add(k + "=" + item.get(k));
        }
      }
      return "[" + String.join(",", keys) + "]";
    }
    if ("set".equals(list.listType())) {
      return "[=" + item + "]";
    }
    return "[" + index + "]";
  }

  private static String objectName(JsonNode config) {
    JsonNode meta = config.path("metadata");
    String apiVersion = config.path("apiVersion").asText("");
    int slash = apiVersion.lastIndexOf('/');
    String gv = slash < 0 ? "/" + apiVersion : apiVersion;
    return meta.path("namespace").asText("") + "/" + meta.path("name").asText("") + "; " + gv + ", Kind="
        + config.path("kind").asText("");
  }

  private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode v) {
    return v::fields;
  }
}
