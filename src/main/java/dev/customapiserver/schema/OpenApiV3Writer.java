package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.IdentityHashMap;
import java.util.Map;

/** Writes a model node as OpenAPI v3 JSON; a node met again on its own path (a recursive type) is left open. */
final class OpenApiV3Writer {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private OpenApiV3Writer() {}

  static JsonNode write(StructuralSchema s) {
    return write(s, new IdentityHashMap<>());
  }

  private static ObjectNode write(StructuralSchema s, Map<StructuralSchema, Boolean> open) {
    ObjectNode o = NODES.objectNode();
    if (open.put(s, Boolean.TRUE) != null) {
      return o.put("x-kubernetes-preserve-unknown-fields", true);
    }
    if (!s.description.isEmpty()) {
      o.put("description", s.description);
    }
    if (!s.type.isEmpty()) {
      o.put("type", s.type);
    }
    if (!s.format.isEmpty()) {
      o.put("format", s.format);
    }
    if (s.nullable) {
      o.put("nullable", true);
    }
    if (s.defaultValue != null) {
      o.set("default", s.defaultValue.deepCopy());
    }
    if (!s.enumValues.isEmpty()) {
      ArrayNode e = o.putArray("enum");
      s.enumValues.forEach(e::add);
    }
    if (!s.properties.isEmpty()) {
      ObjectNode p = o.putObject("properties");
      s.properties.forEach((k, v) -> p.set(k, write(v, open)));
    }
    if (!s.required.isEmpty()) {
      ArrayNode r = o.putArray("required");
      s.required.forEach(r::add);
    }
    if (s.items != null) {
      o.set("items", write(s.items, open));
    }
    if (s.additionalProperties != null) {
      o.set("additionalProperties", write(s.additionalProperties, open));
    }
    putNumber(o, "minLength", s.minLength);
    putNumber(o, "maxLength", s.maxLength);
    putNumber(o, "minItems", s.minItems);
    putNumber(o, "maxItems", s.maxItems);
    putNumber(o, "minProperties", s.minProperties);
    putNumber(o, "maxProperties", s.maxProperties);
    if (s.pattern != null) {
      o.put("pattern", s.pattern);
    }
    if (s.minimum != null) {
      o.put("minimum", s.minimum);
    }
    if (s.exclusiveMinimum) {
      o.put("exclusiveMinimum", true);
    }
    if (s.maximum != null) {
      o.put("maximum", s.maximum);
    }
    if (s.exclusiveMaximum) {
      o.put("exclusiveMaximum", true);
    }
    if (s.multipleOf != null) {
      o.put("multipleOf", s.multipleOf);
    }
    if (s.intOrString) {
      o.put("x-kubernetes-int-or-string", true);
    }
    if (s.preserveUnknownFields) {
      o.put("x-kubernetes-preserve-unknown-fields", true);
    }
    if (s.embeddedResource) {
      o.put("x-kubernetes-embedded-resource", true);
    }
    if (!s.listMapKeys.isEmpty()) {
      ArrayNode k = o.putArray("x-kubernetes-list-map-keys");
      s.listMapKeys.forEach(k::add);
    }
    if (s.listType != null) {
      o.put("x-kubernetes-list-type", s.listType);
    }
    if (s.mapType != null) {
      o.put("x-kubernetes-map-type", s.mapType);
    }
    if (s.patchMergeKey != null) {
      o.put("x-kubernetes-patch-merge-key", s.patchMergeKey);
    }
    if (s.patchStrategy != null) {
      o.put("x-kubernetes-patch-strategy", s.patchStrategy);
    }
    open.remove(s);
    return o;
  }

  private static void putNumber(ObjectNode o, String name, Long v) {
    if (v != null) {
      o.put(name, v);
    }
  }
}
