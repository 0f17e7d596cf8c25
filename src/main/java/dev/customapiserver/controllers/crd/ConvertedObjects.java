package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.api.validation.NameRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a conversion webhook may change of an object's identity and metadata, as kube checks it: kind,
 * name, namespace and uid must stay; the metadata is the original's but for labels and annotations,
 * which are taken from the answer (validated when they changed).
 */
final class ConvertedObjects {
  private ConvertedObjects() {}

  /** Metadata the webhook returned that cannot be taken. */
  static final class InvalidMetadata extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidMetadata(String message) {
      super(message, null, false, false);
    }
  }

  /** Why {@code converted} is not the same object as {@code original} (kube's validateConvertedObject), or null. */
  static String sameIdentity(Unstructured original, JsonNode converted) {
    String[][] checks = {
        {"kind", original.kind, converted.path("kind").asText("")},
        {"name", original.metadata().name, converted.at("/metadata/name").asText("")},
        {"namespace", original.metadata().namespace, converted.at("/metadata/namespace").asText("")},
        {"UID", original.metadata().uid, converted.at("/metadata/uid").asText("")}};
    for (String[] c : checks) {
      String before = Objects.toString(c[1], "");
      if (!before.equals(c[2])) {
        return "must have the same " + c[0] + ": " + before + " != " + c[2];
      }
    }
    return null;
  }

  /**
   * {@code converted} with the metadata of {@code original} but for the labels and annotations the
   * webhook returned (kube's restoreObjectMeta).
   */
  static Unstructured restoreMetadata(Unstructured original, ObjectNode converted, ObjectMapper json) throws InvalidMetadata {
    JsonNode meta = converted.get("metadata");
    if (meta == null) {
      throw new InvalidMetadata("missing metadata in converted object");
    }
    if (!meta.isObject()) {
      throw new InvalidMetadata("invalid metadata of type " + goType(meta) + " in converted object");
    }
    Map<String, Map<String, String>> taken = new LinkedHashMap<>();
    for (String field : List.of("labels", "annotations")) {
      JsonNode m = meta.get(field);
      if (m == null || m.isNull()) {
        taken.put(field, null);
        continue;
      }
      if (!m.isObject()) {
        throw new InvalidMetadata("invalid metadata." + field + " of type " + goType(m) + " in converted object");
      }
      Map<String, String> values = new LinkedHashMap<>();
      var it = m.fields();
      while (it.hasNext()) {
        var e = it.next();
        if (!e.getValue().isTextual()) {
          throw new InvalidMetadata("metadata." + field + "[" + e.getKey() + "] must be a string, but is "
              + goType(e.getValue()) + " in converted object");
        }
        values.put(e.getKey(), e.getValue().asText());
      }
      Map<String, String> before = field.equals("labels") ? original.metadata().labels : original.metadata().annotations;
      if (!values.equals(before == null ? Map.of() : before)) {
        List<String> errs = field.equals("labels") ? labelProblems(values) : annotationProblems(values);
        if (!errs.isEmpty()) {
          throw new InvalidMetadata(errs.size() == 1 ? errs.get(0) : "[" + String.join(", ", errs) + "]");
        }
      }
      taken.put(field, values);
    }
    ObjectNode body = converted.deepCopy();
    body.remove("metadata");
    Unstructured out;
    try {
      out = json.treeToValue(body, Unstructured.class);
    } catch (JsonProcessingException e) {
      throw new InvalidMetadata(e.getOriginalMessage());
    }
    out.metadata = original.metadata().copy();
    out.metadata.labels = taken.get("labels");
    out.metadata.annotations = taken.get("annotations");
    return out;
  }

  private static List<String> labelProblems(Map<String, String> labels) {
    List<String> errs = new ArrayList<>();
    labels.forEach((k, v) -> {
      NameRules.qualifiedName(k).forEach(e -> errs.add("metadata.labels: Invalid value: \"" + k + "\": " + e));
      NameRules.labelValue(v).forEach(e -> errs.add("metadata.labels: Invalid value: \"" + v + "\": " + e));
    });
    return errs;
  }

  private static List<String> annotationProblems(Map<String, String> annotations) {
    List<String> errs = new ArrayList<>();
    annotations.keySet().forEach(k -> NameRules.qualifiedName(k.toLowerCase(Locale.ROOT))
        .forEach(e -> errs.add("metadata.annotation: Invalid value: \"" + k + "\": " + e)));
    return errs;
  }

  /** The Go type encoding/json gives a JSON value. */
  private static String goType(JsonNode n) {
    if (n.isTextual()) {
      return "string";
    }
    if (n.isNumber()) {
      return "float64";
    }
    if (n.isBoolean()) {
      return "bool";
    }
    if (n.isArray()) {
      return "[]interface {}";
    }
    return n.isObject() ? "map[string]interface {}" : "<nil>";
  }
}
