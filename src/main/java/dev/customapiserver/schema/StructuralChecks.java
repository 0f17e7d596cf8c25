package dev.customapiserver.schema;

import static dev.customapiserver.schema.Paths.child;
import static dev.customapiserver.schema.Paths.index;
import static dev.customapiserver.schema.Paths.key;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * kube's structural schema rules ({@code ValidateStructural}): invariants of the structural part and
 * completeness of the value validations (anyOf, allOf, oneOf, not), on the schema's JSON.
 */
final class StructuralChecks {
  private enum Level { ROOT, ITEM, FIELD }

  private final List<FieldError> errors = new ArrayList<>();

  static List<FieldError> check(JsonNode schema, String path) {
    StructuralChecks c = new StructuralChecks();
    c.invariants(schema, Level.ROOT, path);
    c.completeness(schema, path);
    c.errors.sort((a, b) -> a.toString().compareTo(b.toString())); // kube sorts them by message
    return c.errors;
  }

  private void invariants(JsonNode s, Level lvl, String path) {
    if (s == null || !s.isObject()) {
      return;
    }
    String type = s.path("type").asText("");
    boolean embedded = s.path("x-kubernetes-embedded-resource").asBoolean(false);
    boolean intOrString = s.path("x-kubernetes-int-or-string").asBoolean(false);
    boolean preserve = s.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
    JsonNode props = s.path("properties");

    if (type.equals("array") && !s.path("items").isObject()) {
      errors.add(FieldError.required(child(path, "items"), "must be specified"));
    }
    invariants(s.get("items"), Level.ITEM, child(path, "items"));
    for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      invariants(e.getValue(), Level.FIELD, key(child(path, "properties"), e.getKey()));
    }
    if (s.has("additionalProperties")) {
      if (lvl == Level.ROOT) {
        errors.add(FieldError.forbidden(child(path, "additionalProperties"), "must not be used at the root"));
      }
      if (s.get("additionalProperties").isObject()) {
        invariants(s.get("additionalProperties"), Level.FIELD, child(path, "additionalProperties"));
      }
    }
    if (intOrString && preserve) {
      errors.add(FieldError.invalid(child(path, "x-kubernetes-preserve-unknown-fields"), true,
          "must be false if x-kubernetes-int-or-string is true"));
    }
    if (intOrString && embedded) {
      errors.add(FieldError.invalid(child(path, "x-kubernetes-embedded-resource"), true,
          "must be false if x-kubernetes-int-or-string is true"));
    }
    valueValidation(s, isIntOrStringAnyOf(s.path("anyOf")), isIntOrStringAllOf(s), lvl, path);

    boolean checkMetadata = lvl == Level.ROOT || embedded;
    if (embedded && !type.equals("object")) {
      String detail = "must be object if x-kubernetes-embedded-resource is true";
      errors.add(type.isEmpty() ? FieldError.required(child(path, "type"), detail)
          : FieldError.invalid(child(path, "type"), type, detail));
    } else if (type.isEmpty() && !intOrString && !preserve) {
      String detail = switch (lvl) {
        case ROOT -> "must not be empty at the root";
        case ITEM -> "must not be empty for specified array items";
        case FIELD -> "must not be empty for specified object fields";
      };
      errors.add(FieldError.required(child(path, "type"), detail));
    }
    if (embedded && s.has("additionalProperties")) {
      errors.add(FieldError.forbidden(child(path, "additionalProperties"), "must not be used if x-kubernetes-embedded-resource is set"));
    }
    if (lvl == Level.ROOT && !type.isEmpty() && !type.equals("object")) {
      errors.add(FieldError.invalid(child(path, "type"), type, "must be object at the root"));
    }
    for (String meta : new String[] {"kind", "apiVersion"}) {
      if (checkMetadata && props.has(meta) && !props.get(meta).path("type").asText("").equals("string")) {
        errors.add(FieldError.invalid(child(key(child(path, "properties"), meta), "type"), props.get(meta).path("type").asText(""),
            "must be string"));
      }
    }
    if (props.has("metadata")) {
      metadata(props.get("metadata"), checkMetadata, lvl, key(child(path, "properties"), "metadata"));
    }
    if (embedded && !preserve && props.isEmpty()) {
      errors.add(FieldError.required(child(path, "properties"),
          "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields"));
    }
  }

  private void metadata(JsonNode m, boolean checkMetadata, Level lvl, String path) {
    String type = m.path("type").asText("");
    if (checkMetadata && !type.equals("object")) {
      errors.add(FieldError.invalid(child(path, "type"), type, "must be object"));
    }
    if (lvl != Level.ROOT || !m.isObject()) {
      return;
    }
    ObjectNode rest = ((ObjectNode) m).deepCopy();
    rest.remove(List.of("type", "default"));
    JsonNode props = rest.path("properties");
    if (props.isObject()) {
      boolean name = props.has("name");
      boolean generateName = props.has("generateName");
      if ((name && generateName && props.size() == 2) || ((name || generateName) && props.size() == 1)) {
        rest.remove("properties");
      }
    }
    if (!rest.isEmpty()) {
      errors.add(FieldError.forbidden(path, "must not specify anything other than name and generateName, but metadata is implicitly specified"));
    }
  }

  private void valueValidation(JsonNode v, boolean skipAnyOf, boolean skipFirstAllOfAnyOf, Level lvl, String path) {
    if (!skipAnyOf) {
      each(v.path("anyOf"), (n, i) -> nested(n, false, lvl, index(child(path, "anyOf"), i)));
    }
    each(v.path("allOf"), (n, i) -> nested(n, skipFirstAllOfAnyOf && i == 0, lvl, index(child(path, "allOf"), i)));
    each(v.path("oneOf"), (n, i) -> nested(n, false, lvl, index(child(path, "oneOf"), i)));
    if (v.path("not").isObject()) {
      nested(v.get("not"), false, lvl, child(path, "not"));
    }
    String pattern = v.path("pattern").asText("");
    if (!pattern.isEmpty()) {
      try {
        Pattern.compile(pattern);
      } catch (PatternSyntaxException e) {
        errors.add(FieldError.invalid(child(path, "pattern"), pattern,
            "must be a valid regular expression, but isn't: error parsing regexp: " + e.getDescription()));
      }
    }
  }

  private void nested(JsonNode v, boolean skipAnyOf, Level lvl, String path) {
    if (v == null || !v.isObject()) {
      return;
    }
    valueValidation(v, skipAnyOf, false, lvl, path);
    if (v.path("items").isObject()) {
      nested(v.get("items"), false, lvl, child(path, "items"));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = v.path("properties").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      nested(e.getValue(), false, Level.FIELD, key(child(path, "properties"), e.getKey()));
    }
    if (v.has("type") && !v.path("type").asText("").isEmpty()) {
      errors.add(FieldError.forbidden(child(path, "type"), "must be empty to be structural"));
    }
    if (v.has("additionalProperties")) {
      errors.add(FieldError.forbidden(child(path, "additionalProperties"), "must be undefined to be structural"));
    }
    if (v.has("default") && !v.get("default").isNull()) {
      errors.add(FieldError.forbidden(child(path, "default"), "must be undefined to be structural"));
    }
    if (!v.path("title").asText("").isEmpty()) {
      errors.add(FieldError.forbidden(child(path, "title"), "must be empty to be structural"));
    }
    if (!v.path("description").asText("").isEmpty()) {
      errors.add(FieldError.forbidden(child(path, "description"), "must be empty to be structural"));
    }
    if (v.path("nullable").asBoolean(false)) {
      errors.add(FieldError.forbidden(child(path, "nullable"), "must be false to be structural"));
    }
    if (v.has("externalDocs")) {
      errors.add(FieldError.forbidden(child(path, "externalDocs"), "must be undefined to be structural"));
    }
    for (String x : new String[] {"x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource", "x-kubernetes-int-or-string"}) {
      if (v.path(x).asBoolean(false)) {
        errors.add(FieldError.forbidden(child(path, x), "must be false to be structural"));
      }
    }
    if (v.path("x-kubernetes-list-map-keys").size() > 0) {
      errors.add(FieldError.forbidden(child(path, "x-kubernetes-list-map-keys"), "must be empty to be structural"));
    }
    for (String x : new String[] {"x-kubernetes-list-type", "x-kubernetes-map-type"}) {
      if (v.has(x) && !v.get(x).isNull()) {
        errors.add(FieldError.forbidden(child(path, x), "must be undefined to be structural"));
      }
    }
    if (v.path("x-kubernetes-validations").size() > 0) {
      errors.add(FieldError.forbidden(child(path, "x-kubernetes-validations"), "must be empty to be structural"));
    }
    if (v.path("properties").has("metadata")) {
      errors.add(FieldError.forbidden(key(child(path, "properties"), "metadata"), "must not be specified in a nested context"));
    }
  }

  // ---- completeness: what value validations mention must exist in the structural part ----

  private void completeness(JsonNode s, String path) {
    if (s == null || !s.isObject()) {
      return;
    }
    valueValidationCompleteness(s, s, path, path);
    if (s.path("items").isObject()) {
      completeness(s.get("items"), child(path, "items"));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      completeness(e.getValue(), key(child(path, "properties"), e.getKey()));
    }
    if (s.path("additionalProperties").isObject()) {
      completeness(s.get("additionalProperties"), child(path, "additionalProperties"));
    }
  }

  private void valueValidationCompleteness(JsonNode v, JsonNode s, String sPath, String vPath) {
    if (v.path("not").isObject()) {
      nestedCompleteness(v.get("not"), s, sPath, child(vPath, "not"));
    }
    for (String junctor : new String[] {"allOf", "anyOf", "oneOf"}) {
      each(v.path(junctor), (n, i) -> nestedCompleteness(n, s, sPath, index(child(vPath, junctor), i)));
    }
  }

  private void nestedCompleteness(JsonNode v, JsonNode s, String sPath, String vPath) {
    if (v == null || !v.isObject()) {
      return;
    }
    if (s == null || !s.isObject()) {
      errors.add(FieldError.required(sPath, "because it is defined in " + vPath));
      return;
    }
    valueValidationCompleteness(v, s, sPath, vPath);
    if (v.path("items").isObject()) {
      nestedCompleteness(v.get("items"), s.get("items"), child(sPath, "items"), child(vPath, "items"));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = v.path("properties").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String k = e.getKey();
      JsonNode sFld = s.path("properties").get(k);
      if (sFld == null) {
        errors.add(FieldError.required(key(child(sPath, "properties"), k), "because it is defined in " + key(child(vPath, "properties"), k)));
      } else {
        nestedCompleteness(e.getValue(), sFld, key(child(sPath, "properties"), k), key(child(vPath, "properties"), k));
      }
    }
  }

  // ---- the int-or-string patterns kube allows ----

  private static final JsonNode INT_OR_STRING = JsonNodeFactory.instance.arrayNode()
      .add(JsonNodeFactory.instance.objectNode().put("type", "integer"))
      .add(JsonNodeFactory.instance.objectNode().put("type", "string"));

  private static boolean isIntOrStringAnyOf(JsonNode anyOf) {
    return anyOf.isArray() && anyOf.equals(INT_OR_STRING);
  }

  private static boolean isIntOrStringAllOf(JsonNode s) {
    JsonNode allOf = s.path("allOf");
    return allOf.isArray() && allOf.size() >= 1 && isIntOrStringAnyOf(allOf.get(0).path("anyOf"));
  }

  private interface Indexed {
    void accept(JsonNode n, int i);
  }

  private static void each(JsonNode a, Indexed f) {
    if (a.isArray()) {
      for (int i = 0; i < a.size(); i++) {
        f.accept(a.get(i), i);
      }
    }
  }
}
