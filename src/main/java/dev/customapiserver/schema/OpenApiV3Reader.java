package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a CRD's {@code openAPIV3Schema} JSON into the model. Lenient: values of the wrong JSON type are ignored. */
final class OpenApiV3Reader {
  private OpenApiV3Reader() {}

  static StructuralSchema read(JsonNode json) {
    StructuralSchema s = node(json);
    s.source = json.deepCopy();
    return s;
  }

  static StructuralSchema node(JsonNode j) {
    StructuralSchema s = new StructuralSchema();
    if (j == null || !j.isObject()) {
      return s;
    }
    s.type = text(j, "type", "");
    s.format = text(j, "format", "");
    s.title = text(j, "title", "");
    s.description = text(j, "description", "");
    s.nullable = j.path("nullable").asBoolean(false);
    s.defaultValue = j.has("default") ? j.get("default").deepCopy() : null;
    s.example = j.has("example") ? j.get("example").deepCopy() : null;

    JsonNode props = j.path("properties");
    if (props.isObject()) {
      LinkedHashMap<String, StructuralSchema> p = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        p.put(e.getKey(), node(e.getValue()));
      }
      s.properties = StructuralSchema.frozen(p);
    }
    JsonNode items = j.path("items");
    if (items.isObject()) {
      s.items = node(items);
    }
    JsonNode ap = j.path("additionalProperties");
    if (ap.isObject()) {
      s.additionalProperties = node(ap);
    } else if (ap.isBoolean()) {
      s.additionalPropertiesAllowed = ap.asBoolean();
    }
    s.required = strings(j.path("required"));
    if (j.path("enum").isArray()) {
      List<JsonNode> values = new ArrayList<>();
      j.get("enum").forEach(values::add);
      s.enumValues = List.copyOf(values);
    }
    s.pattern = j.path("pattern").isTextual() ? j.get("pattern").asText() : null;
    s.minLength = integer(j, "minLength");
    s.maxLength = integer(j, "maxLength");
    s.minItems = integer(j, "minItems");
    s.maxItems = integer(j, "maxItems");
    s.minProperties = integer(j, "minProperties");
    s.maxProperties = integer(j, "maxProperties");
    s.minimum = number(j, "minimum");
    s.maximum = number(j, "maximum");
    s.exclusiveMinimum = j.path("exclusiveMinimum").asBoolean(false);
    s.exclusiveMaximum = j.path("exclusiveMaximum").asBoolean(false);
    s.multipleOf = number(j, "multipleOf");
    s.uniqueItems = j.path("uniqueItems").asBoolean(false);
    s.allOf = list(j.path("allOf"));
    s.anyOf = list(j.path("anyOf"));
    s.oneOf = list(j.path("oneOf"));
    s.not = j.path("not").isObject() ? node(j.get("not")) : null;

    s.intOrString = j.path("x-kubernetes-int-or-string").asBoolean(false);
    s.preserveUnknownFields = j.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
    s.embeddedResource = j.path("x-kubernetes-embedded-resource").asBoolean(false);
    s.listType = j.path("x-kubernetes-list-type").isTextual() ? j.get("x-kubernetes-list-type").asText() : null;
    s.listMapKeys = strings(j.path("x-kubernetes-list-map-keys"));
    s.mapType = j.path("x-kubernetes-map-type").isTextual() ? j.get("x-kubernetes-map-type").asText() : null;
    s.patchStrategy = j.path("x-kubernetes-patch-strategy").isTextual() ? j.get("x-kubernetes-patch-strategy").asText() : null;
    s.patchMergeKey = j.path("x-kubernetes-patch-merge-key").isTextual() ? j.get("x-kubernetes-patch-merge-key").asText() : null;
    s.validations = rules(j.path("x-kubernetes-validations"));
    return s;
  }

  private static List<StructuralSchema> list(JsonNode a) {
    if (!a.isArray() || a.isEmpty()) {
      return List.of();
    }
    List<StructuralSchema> out = new ArrayList<>();
    a.forEach(n -> out.add(node(n)));
    return List.copyOf(out);
  }

  private static List<ValidationRule> rules(JsonNode a) {
    if (!a.isArray() || a.isEmpty()) {
      return List.of();
    }
    List<ValidationRule> out = new ArrayList<>();
    for (JsonNode r : a) {
      out.add(new ValidationRule(text(r, "rule", ""), text(r, "message", ""), text(r, "messageExpression", ""),
          text(r, "reason", ""), text(r, "fieldPath", ""), r.path("optionalOldSelf").asBoolean(false),
          r.path("optionalOldSelf").isBoolean()));
    }
    return List.copyOf(out);
  }

  static List<String> strings(JsonNode a) {
    if (!a.isArray() || a.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    a.forEach(n -> out.add(n.asText()));
    return List.copyOf(out);
  }

  static String text(JsonNode j, String field, String otherwise) {
    JsonNode v = j.get(field);
    return v != null && v.isTextual() ? v.asText() : otherwise;
  }

  private static Long integer(JsonNode j, String field) {
    JsonNode v = j.get(field);
    return v != null && v.isNumber() ? v.asLong() : null;
  }

  private static BigDecimal number(JsonNode j, String field) {
    JsonNode v = j.get(field);
    return v != null && v.isNumber() ? v.decimalValue() : null;
  }
}
