package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;

/**
 * Go's type check of a CRD's {@code openAPIV3Schema} as encoding/json makes it when kube decodes the
 * definition into {@code apiextensions/v1.JSONSchemaProps}: the first value of the wrong JSON kind in
 * document order, in Go's words, e.g. {@code json: cannot unmarshal bool into Go struct field
 * JSONSchemaProps.spec.versions.schema.openAPIV3Schema.properties.required of type string} (the path
 * of JSON names from the definition, map keys and list indices left out). {@code null} is never wrong.
 * Fields kube decodes with its own unmarshallers (default, example, enum, dependencies) are not checked.
 */
public final class JsonSchemaPropsTypes {
  private static final Set<String> STRINGS = Set.of("id", "$schema", "$ref", "description", "type", "format", "title",
      "pattern", "x-kubernetes-list-type", "x-kubernetes-map-type");
  private static final Set<String> FLOATS = Set.of("maximum", "minimum", "multipleOf");
  private static final Set<String> INTS = Set.of("maxLength", "minLength", "maxItems", "minItems", "maxProperties",
      "minProperties");
  private static final Set<String> BOOLS = Set.of("exclusiveMaximum", "exclusiveMinimum", "uniqueItems", "nullable",
      "x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource", "x-kubernetes-int-or-string");
  private static final Set<String> STRING_LISTS = Set.of("required", "x-kubernetes-list-map-keys");
  private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "definitions");
  private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "oneOf", "anyOf");
  private static final Map<String, String> RULE_FIELDS = Map.of("rule", "string", "message", "string",
      "messageExpression", "string", "reason", "v1.FieldValueErrorReason", "fieldPath", "string", "optionalOldSelf", "bool");

  private JsonSchemaPropsTypes() {}

  /** The error for a version's {@code schema} ({@code CustomResourceValidation}) at {@code path}, or null. */
  public static String validationError(JsonNode validation, String path) {
    if (validation == null || validation.isNull()) {
      return null;
    }
    if (!validation.isObject()) {
      return error(validation, "CustomResourceDefinitionVersion", path, "v1.CustomResourceValidation");
    }
    JsonNode schema = validation.get("openAPIV3Schema");
    if (schema == null || schema.isNull()) {
      return null;
    }
    if (!schema.isObject()) {
      return error(schema, "CustomResourceValidation", path + ".openAPIV3Schema", "v1.JSONSchemaProps");
    }
    return props(schema, path + ".openAPIV3Schema");
  }

  private static String props(JsonNode s, String path) {
    for (Map.Entry<String, JsonNode> e : s.properties()) {
      String name = e.getKey();
      JsonNode v = e.getValue();
      if (v == null || v.isNull()) {
        continue;
      }
      String at = path + "." + name;
      String err = field(name, v, at);
      if (err != null) {
        return err;
      }
    }
    return null;
  }

  private static String field(String name, JsonNode v, String at) {
    if (STRINGS.contains(name)) {
      return v.isTextual() ? null : error(v, "JSONSchemaProps", at, "string");
    }
    if (FLOATS.contains(name)) {
      return v.isNumber() ? null : error(v, "JSONSchemaProps", at, "float64");
    }
    if (INTS.contains(name)) {
      return v.isIntegralNumber() && v.canConvertToLong() ? null : error(v, "JSONSchemaProps", at, "int64");
    }
    if (BOOLS.contains(name)) {
      return v.isBoolean() ? null : error(v, "JSONSchemaProps", at, "bool");
    }
    if (STRING_LISTS.contains(name)) {
      if (!v.isArray()) {
        return error(v, "JSONSchemaProps", at, "[]string");
      }
      for (JsonNode item : v) {
        if (!item.isNull() && !item.isTextual()) {
          return error(item, "JSONSchemaProps", at, "string");
        }
      }
      return null;
    }
    if (SCHEMA_MAPS.contains(name)) {
      if (!v.isObject()) {
        return error(v, "JSONSchemaProps", at, "map[string]v1.JSONSchemaProps");
      }
      return each(v, at);
    }
    if (SCHEMA_LISTS.contains(name)) {
      if (!v.isArray()) {
        return error(v, "JSONSchemaProps", at, "[]v1.JSONSchemaProps");
      }
      return each(v, at);
    }
    if (name.equals("not")) {
      return v.isObject() ? props(v, at) : error(v, "JSONSchemaProps", at, "v1.JSONSchemaProps");
    }
    if (name.equals("items")) { // a schema or a list of schemas (kube's own unmarshaller takes other values as none)
      return v.isObject() ? props(v, at) : v.isArray() ? each(v, at) : null;
    }
    if (name.equals("additionalProperties") || name.equals("additionalItems")) { // a schema or a bool
      return v.isObject() ? props(v, at) : null;
    }
    if (name.equals("externalDocs")) {
      return object(v, at, "ExternalDocumentation", "v1.ExternalDocumentation", Map.of("description", "string", "url", "string"));
    }
    if (name.equals("x-kubernetes-validations")) {
      if (!v.isArray()) {
        return error(v, "JSONSchemaProps", at, "v1.ValidationRules");
      }
      for (JsonNode rule : v) {
        String err = object(rule, at, "ValidationRule", "v1.ValidationRule", RULE_FIELDS);
        if (err != null) {
          return err;
        }
      }
    }
    return null;
  }

  /** Each value of a map or list of schemas (their names and indices are not part of Go's path). */
  private static String each(JsonNode container, String at) {
    for (JsonNode item : container) {
      if (item == null || item.isNull()) {
        continue;
      }
      String err = item.isObject() ? props(item, at) : error(item, "JSONSchemaProps", at, "v1.JSONSchemaProps");
      if (err != null) {
        return err;
      }
    }
    return null;
  }

  private static String object(JsonNode v, String at, String struct, String goType, Map<String, String> fields) {
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isObject()) {
      return error(v, "JSONSchemaProps", at, goType);
    }
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      String type = fields.get(e.getKey());
      JsonNode f = e.getValue();
      if (type == null || f == null || f.isNull()) {
        continue;
      }
      boolean fits = type.equals("bool") ? f.isBoolean() : f.isTextual();
      if (!fits) {
        return error(f, struct, at + "." + e.getKey(), type);
      }
    }
    return null;
  }

  private static String error(JsonNode v, String struct, String field, String type) {
    String kind = v.isTextual() ? "string" : v.isBoolean() ? "bool" : v.isArray() ? "array" : v.isObject() ? "object"
        : v.isNumber() ? (type.equals("int64") ? "number " + v.asText() : "number") : "value";
    return "json: cannot unmarshal " + kind + " into Go struct field " + struct + "." + field + " of type " + type;
  }
}
