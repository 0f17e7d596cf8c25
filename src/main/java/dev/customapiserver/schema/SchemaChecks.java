package dev.customapiserver.schema;

import static dev.customapiserver.schema.Paths.child;
import static dev.customapiserver.schema.Paths.index;
import static dev.customapiserver.schema.Paths.key;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What kube-apiserver checks on a CRD's {@code openAPIV3Schema}: the structural rules
 * ({@link StructuralChecks}), then the OpenAPI restrictions of {@code apiextensions.k8s.io/v1}
 * ({@code ValidateCustomResourceDefinitionOpenAPISchema}), then the defaults against their schemas.
 */
final class SchemaChecks {
  private static final List<String> TYPES = List.of("array", "boolean", "integer", "number", "object", "string");
  private static final Set<String> META_FIELDS = Set.of("metadata", "kind", "apiVersion");
  private static final List<String> REASONS = List.of("FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid",
      "FieldValueRequired");

  /** Where in the schema a node sits, as far as the checks care. */
  private record Context(boolean allowDefaults, String disallowDefaultsReason, boolean insideResourceMeta) {
    Context forbidDefaults(String reason) {
      return new Context(false, reason, insideResourceMeta);
    }

    Context insideMeta() {
      return new Context(allowDefaults, disallowDefaultsReason, true);
    }
  }

  private final List<FieldError> errors = new ArrayList<>();

  private SchemaChecks() {}

  static List<FieldError> check(JsonNode schema, String path, DefaultValueRules rules) {
    return check(schema, path, rules, true, true);
  }

  /**
   * As {@link #check(JsonNode, String, DefaultValueRules)}; without the defaults' own checks when {@code defaults}
   * is false, without their pruning check when {@code requirePrunedDefaults} is false.
   */
  static List<FieldError> check(JsonNode schema, String path, DefaultValueRules rules, boolean defaults,
      boolean requirePrunedDefaults) {
    if (schema == null || schema.isNull() || schema.isMissingNode()) {
      return List.of(FieldError.required(path, "schemas are required"));
    }
    if (!schema.isObject()) {
      return List.of(FieldError.invalid(path, schema.toString(), "must be an object"));
    }
    List<FieldError> all = new ArrayList<>(StructuralChecks.check(schema, path));
    SchemaChecks c = new SchemaChecks();
    c.openApi(schema, path, new Context(true, "", false), true);
    if (defaults && all.isEmpty()) { // kube: the defaults of a structural schema, before the OpenAPI restrictions
      all.addAll(defaults(schema, path, rules, c.errors.isEmpty(), requirePrunedDefaults));
    }
    all.addAll(c.errors);
    return all;
  }

  /**
   * The defaults' errors. A schema the OpenAPI restrictions refuse may hold what the schema model cannot
   * use (e.g. a pattern that does not compile); its defaults are then checked as far as the model goes.
   */
  private static List<FieldError> defaults(JsonNode schema, String path, DefaultValueRules rules, boolean openApiFine,
      boolean requirePruned) {
    try {
      return DefaultChecks.check(OpenApiV3Reader.node(schema), path, rules, requirePruned);
    } catch (RuntimeException e) {
      if (openApiFine) {
        throw e;
      }
      return List.of();
    }
  }

  private void openApi(JsonNode s, String path, Context ctx, boolean isRoot) {
    if (s == null || !s.isObject()) {
      return;
    }
    standard(s, path, ctx);
    if (s.path("uniqueItems").asBoolean(false)) {
      errors.add(FieldError.forbidden(child(path, "uniqueItems"),
          "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"));
    }
    JsonNode props = s.path("properties");
    JsonNode ap = s.get("additionalProperties");
    if (ap != null && !ap.isNull()) {
      if (props.size() > 0 && (ap.isObject() || !ap.asBoolean(true))) {
        errors.add(FieldError.forbidden(child(path, "additionalProperties"), "additionalProperties and properties are mutual exclusive"));
      }
      Context sub = ctx.insideResourceMeta() ? ctx.forbidDefaults("inside additionalProperties applying to object metadata") : ctx;
      openApi(ap, child(path, "additionalProperties"), sub, false);
    }
    boolean embedded = s.path("x-kubernetes-embedded-resource").asBoolean(false);
    for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Context sub = ctx;
      if ((isRoot || embedded) && META_FIELDS.contains(e.getKey())) {
        sub = sub.insideMeta();
        if (isRoot) {
          sub = sub.forbidDefaults("in top-level " + e.getKey());
        }
      }
      openApi(e.getValue(), key(child(path, "properties"), e.getKey()), sub, false);
    }
    openApi(s.get("not"), child(path, "not"), ctx, false);
    for (String junctor : new String[] {"allOf", "oneOf", "anyOf"}) {
      JsonNode list = s.path(junctor);
      for (int i = 0; i < list.size(); i++) {
        openApi(list.get(i), index(child(path, junctor), i), ctx, false);
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = s.path("definitions").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      openApi(e.getValue(), key(child(path, "definitions"), e.getKey()), ctx, false);
    }
    JsonNode items = s.path("items");
    if (items.isObject()) {
      openApi(items, child(path, "items"), ctx, false);
    } else if (items.isArray()) {
      for (int i = 0; i < items.size(); i++) {
        openApi(items.get(i), index(child(path, "items"), i), ctx, false);
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = s.path("dependencies").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      openApi(e.getValue(), key(child(path, "dependencies"), e.getKey()), ctx, false);
    }
    extensions(s, path);
    validations(s.path("x-kubernetes-validations"), child(path, "x-kubernetes-validations"));
  }

  /** kube's {@code specStandardValidatorV3}: what OpenAPI v3 allows that CRDs do not. */
  private void standard(JsonNode s, String path, Context ctx) {
    String type = s.path("type").asText("");
    if (!type.isEmpty() && !TYPES.contains(type) && !type.equals("null")) {
      errors.add(FieldError.notSupported(child(path, "type"), type, TYPES));
    }
    if (s.has("default") && !ctx.allowDefaults()) {
      String detail = "must not be set" + (ctx.disallowDefaultsReason().isEmpty() ? "" : " " + ctx.disallowDefaultsReason());
      errors.add(FieldError.forbidden(child(path, "default"), detail));
    }
    if (!s.path("id").asText("").isEmpty()) {
      errors.add(FieldError.forbidden(child(path, "id"), "id is not supported"));
    }
    if (s.has("additionalItems")) {
      errors.add(FieldError.forbidden(child(path, "additionalItems"), "additionalItems is not supported"));
    }
    if (s.path("patternProperties").size() > 0) {
      errors.add(FieldError.forbidden(child(path, "patternProperties"), "patternProperties is not supported"));
    }
    if (s.path("definitions").size() > 0) {
      errors.add(FieldError.forbidden(child(path, "definitions"), "definitions is not supported"));
    }
    if (s.has("dependencies")) {
      errors.add(FieldError.forbidden(child(path, "dependencies"), "dependencies is not supported"));
    }
    if (s.has("$ref")) {
      errors.add(FieldError.forbidden(child(path, "$ref"), "$ref is not supported"));
    }
    if (type.equals("null")) {
      errors.add(FieldError.forbidden(child(path, "type"), "type cannot be set to null, use nullable as an alternative"));
    }
    if (s.path("items").isArray() && s.path("items").size() > 0) {
      errors.add(FieldError.forbidden(child(path, "items"), "items must be a schema object and not an array"));
    }
    if (ctx.insideResourceMeta() && s.path("x-kubernetes-embedded-resource").asBoolean(false)) {
      errors.add(FieldError.forbidden(child(path, "x-kubernetes-embedded-resource"), "must not be used inside of resource meta"));
    }
  }

  private void extensions(JsonNode s, String path) {
    String type = s.path("type").asText("");
    JsonNode preserve = s.get("x-kubernetes-preserve-unknown-fields");
    if (preserve != null && preserve.isBoolean() && !preserve.asBoolean()) {
      errors.add(FieldError.invalid(child(path, "x-kubernetes-preserve-unknown-fields"), false, "must be true or undefined"));
    }
    String mapType = s.path("x-kubernetes-map-type").isTextual() ? s.get("x-kubernetes-map-type").asText() : null;
    if (mapType != null && !type.equals("object")) {
      typeMust(path, type, "must be object if x-kubernetes-map-type is specified");
    }
    if (mapType != null && !mapType.equals("atomic") && !mapType.equals("granular")) {
      errors.add(FieldError.notSupported(child(path, "x-kubernetes-map-type"), mapType, List.of("atomic", "granular")));
    }
    String listType = s.path("x-kubernetes-list-type").isTextual() ? s.get("x-kubernetes-list-type").asText() : null;
    JsonNode items = s.path("items");
    if (listType != null && !type.equals("array")) {
      typeMust(path, type, "must be array if x-kubernetes-list-type is specified");
    } else if ("set".equals(listType) && items.isObject()) {
      String itemType = items.path("type").asText("");
      JsonNode itemListType = items.get("x-kubernetes-list-type");
      if (itemType.equals("array") && itemListType != null && !itemListType.asText().equals("atomic")) {
        errors.add(FieldError.invalid(child(child(path, "items"), "x-kubernetes-list-type"), itemListType.asText(),
            "must be atomic as item of a list with x-kubernetes-list-type=set"));
      } else if (itemType.equals("object") && !items.path("x-kubernetes-map-type").asText("").equals("atomic")) {
        errors.add(FieldError.invalid(child(child(path, "items"), "x-kubernetes-map-type"),
            itemListType == null ? "null" : itemListType.asText(), "must be atomic as item of a list with x-kubernetes-list-type=set"));
      }
    }
    if (listType != null && !listType.equals("atomic") && !listType.equals("set") && !listType.equals("map")) {
      errors.add(FieldError.notSupported(child(path, "x-kubernetes-list-type"), listType, List.of("atomic", "set", "map")));
    }
    List<String> keys = OpenApiV3Reader.strings(s.path("x-kubernetes-list-map-keys"));
    if (!keys.isEmpty()) {
      String detail = "must be map if x-kubernetes-list-map-keys is non-empty";
      if (listType == null) {
        errors.add(FieldError.required(child(path, "x-kubernetes-list-type"), detail));
      } else if (!listType.equals("map")) {
        errors.add(FieldError.invalid(child(path, "x-kubernetes-list-type"), listType, detail));
      }
    }
    if ("map".equals(listType)) {
      mapList(s, path, keys, items);
    }
  }

  private void mapList(JsonNode s, String path, List<String> keys, JsonNode items) {
    if (keys.isEmpty()) {
      errors.add(FieldError.required(child(path, "x-kubernetes-list-map-keys"), "must not be empty if x-kubernetes-list-type is map"));
    }
    if (items.isMissingNode() || items.isNull()) {
      errors.add(FieldError.required(child(path, "items"), "must have a schema if x-kubernetes-list-type is map"));
      return;
    }
    if (!items.isObject()) {
      errors.add(FieldError.invalid(child(path, "items"), items.toString(), "must only have a single schema if x-kubernetes-list-type is map"));
      return;
    }
    String itemType = items.path("type").asText("");
    if (!itemType.equals("object")) {
      errors.add(FieldError.invalid(child(child(path, "items"), "type"), itemType, "must be object if parent array's x-kubernetes-list-type is map"));
      return;
    }
    Set<String> seen = new HashSet<>();
    FieldError.Raw keyList = new FieldError.Raw(keys.stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", ", "[]string{", "}")));
    for (String k : keys) {
      JsonNode p = items.path("properties").get(k);
      if (p != null) {
        String t = p.path("type").asText("");
        if (t.equals("array") || t.equals("object")) {
          errors.add(FieldError.invalid(child(key(child(child(path, "items"), "properties"), k), "type"), itemType,
              "must be a scalar type if parent array's x-kubernetes-list-type is map"));
        }
      } else {
        errors.add(FieldError.invalid(child(path, "x-kubernetes-list-map-keys"), keyList, "entries must all be names of item properties"));
      }
      if (!seen.add(k)) {
        errors.add(FieldError.invalid(child(path, "x-kubernetes-list-map-keys"), keyList, "must not contain duplicate entries"));
      }
    }
    List<String> required = OpenApiV3Reader.strings(items.path("required"));
    for (String k : keys) {
      JsonNode p = items.path("properties").get(k);
      if (p == null) {
        continue;
      }
      String at = key(child(child(path, "items"), "properties"), k);
      if (!p.has("default") && !required.contains(k)) {
        errors.add(FieldError.required(at, "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property"));
      }
      if (p.path("nullable").asBoolean(false)) {
        errors.add(FieldError.forbidden(child(at, "nullable"), "this property is in x-kubernetes-list-map-keys, so it cannot be nullable"));
      }
    }
  }

  private void validations(JsonNode rules, String path) {
    for (int i = 0; i < rules.size(); i++) {
      JsonNode r = rules.get(i);
      String at = index(path, i);
      String rule = r.path("rule").asText("").strip();
      String message = r.path("message").asText("");
      if (rule.isEmpty()) {
        errors.add(FieldError.required(child(at, "rule"), "rule is not specified"));
      } else if (!message.isEmpty() && message.strip().isEmpty()) {
        errors.add(FieldError.invalid(child(at, "message"), message, "message must be non-empty if specified"));
      } else if (message.strip().contains("\n") || message.strip().contains("\r")) {
        errors.add(FieldError.invalid(child(at, "message"), message, "message must not contain line breaks"));
      } else if ((rule.contains("\n") || rule.contains("\r")) && message.strip().isEmpty()) {
        errors.add(FieldError.required(child(at, "message"), "message must be specified if rule contains line breaks"));
      }
      String messageExpression = r.path("messageExpression").asText("");
      if (!messageExpression.isEmpty() && messageExpression.strip().isEmpty()) {
        errors.add(FieldError.required(child(at, "messageExpression"), "messageExpression must be non-empty if specified"));
      }
      if (r.has("reason") && !REASONS.contains(r.path("reason").asText())) {
        errors.add(FieldError.notSupported(child(at, "reason"), r.path("reason").asText(), REASONS));
      }
      String fieldPath = r.path("fieldPath").asText("");
      if (!fieldPath.isEmpty() && fieldPath.strip().isEmpty()) {
        errors.add(FieldError.invalid(child(at, "fieldPath"), fieldPath, "fieldPath must be non-empty if specified"));
      }
    }
  }

  private void typeMust(String path, String type, String detail) {
    errors.add(type.isEmpty() ? FieldError.required(child(path, "type"), detail) : FieldError.invalid(child(path, "type"), type, detail));
  }
}
