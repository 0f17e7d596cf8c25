package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.FieldError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One node of a structural schema: OpenAPI v3 with Kubernetes' extensions, as kube's
 * {@code apiextensions-apiserver/pkg/apiserver/schema.Structural} holds it. The one schema model of the
 * server, fed by a CRD's {@code openAPIV3Schema} ({@link #fromOpenApiV3}) or by the Java wire types
 * (the reflector of this package), read by validation, pruning, defaulting, OpenAPI, patching and field management.
 *
 * <p>Nodes are built once by a source and not changed afterwards; then they are safe to share between
 * threads. Nodes built from Java classes may form cycles (a recursive type is one node), so walk them
 * along a value, never blindly.
 */
public final class StructuralSchema {
  // generic
  String type = "";
  String format = "";
  String title = "";
  String description = "";
  boolean nullable;
  JsonNode defaultValue;
  JsonNode example;
  // structure
  Map<String, StructuralSchema> properties = Map.of();
  StructuralSchema items;
  StructuralSchema additionalProperties;
  boolean additionalPropertiesAllowed; // additionalProperties: true without a schema
  // value validation
  List<String> required = List.of();
  List<JsonNode> enumValues = List.of();
  String pattern;
  Long minLength;
  Long maxLength;
  Long minItems;
  Long maxItems;
  Long minProperties;
  Long maxProperties;
  BigDecimal minimum;
  BigDecimal maximum;
  boolean exclusiveMinimum;
  boolean exclusiveMaximum;
  BigDecimal multipleOf;
  boolean uniqueItems;
  List<StructuralSchema> allOf = List.of();
  List<StructuralSchema> anyOf = List.of();
  List<StructuralSchema> oneOf = List.of();
  StructuralSchema not;
  // Kubernetes extensions
  boolean intOrString;
  boolean preserveUnknownFields;
  boolean embeddedResource;
  String listType;
  List<String> listMapKeys = List.of();
  String mapType;
  String patchStrategy;
  String patchMergeKey;
  List<ValidationRule> validations = List.of();
  /** The Java class this node stands for (Java source only), for naming it in OpenAPI; null otherwise. */
  Class<?> javaType;
  /** The class declaring the field this node describes (Java source only), or null. */
  Class<?> javaDeclaringClass;
  /** For a field or element of a class type: the class's own node (Java source only), or null. */
  StructuralSchema classNode;
  /** The JSON this node was read from (CRD source only). */
  JsonNode source;

  private volatile Pattern compiledPattern;

  StructuralSchema() {}

  /** {@code pattern} compiled (once; the structural checks made sure it compiles). */
  Pattern compiledPattern() {
    Pattern p = compiledPattern;
    if (p == null) {
      p = Pattern.compile(pattern);
      compiledPattern = p;
    }
    return p;
  }

  /**
   * The checks kube-apiserver makes on a CRD's {@code openAPIV3Schema} (structural schema rules and the
   * OpenAPI restrictions of {@code apiextensions.k8s.io/v1}), with its messages; field paths start at
   * {@code fieldPath}, e.g. {@code spec.versions[0].schema.openAPIV3Schema}. Empty when the schema is fine.
   */
  public static List<FieldError> check(JsonNode openApiV3Schema, String fieldPath) {
    return SchemaChecks.check(openApiV3Schema, fieldPath, DefaultValueRules.NONE);
  }

  /** As {@link #check(JsonNode, String)}, the defaults also checked against their nodes' rules. */
  public static List<FieldError> check(JsonNode openApiV3Schema, String fieldPath, DefaultValueRules rules) {
    return SchemaChecks.check(openApiV3Schema, fieldPath, rules);
  }

  /**
   * As {@link #check(JsonNode, String, DefaultValueRules)}; {@code requirePrunedDefaults} false (an update of a
   * definition that already had such defaults, see {@link #hasUnprunedDefaults}) lets defaults keep fields
   * their schema would prune.
   */
  public static List<FieldError> check(JsonNode openApiV3Schema, String fieldPath, DefaultValueRules rules,
      boolean requirePrunedDefaults) {
    return SchemaChecks.check(openApiV3Schema, fieldPath, rules, true, requirePrunedDefaults);
  }

  /** Whether a structural schema has a default (outside metadata) with fields the schema would prune. */
  public static boolean hasUnprunedDefaults(JsonNode openApiV3Schema) {
    if (openApiV3Schema == null || openApiV3Schema.isNull()) {
      return false;
    }
    try {
      return DefaultChecks.hasUnpruned(fromOpenApiV3(openApiV3Schema));
    } catch (RuntimeException e) {
      return false; // not structural: kube's check gives up the same way
    }
  }

  /**
   * The structural schema of a CRD's {@code openAPIV3Schema}.
   *
   * The defaults' own checks are left out: a definition stored before they were made (or by a server
   * that did not make them) is served with its schema as kube serves it, never without one.
   *
   * @throws InvalidSchemaException with kube's errors (paths relative to the schema) if {@link #check} finds any
   */
  public static StructuralSchema fromOpenApiV3(JsonNode openApiV3Schema) {
    List<FieldError> errors = SchemaChecks.check(openApiV3Schema, "openAPIV3Schema", DefaultValueRules.NONE, false, true);
    if (!errors.isEmpty()) {
      throw new InvalidSchemaException(errors);
    }
    return OpenApiV3Reader.read(openApiV3Schema);
  }

  /**
   * Validates an object (the whole custom resource, or any value this node describes) as kube-apiserver
   * validates a custom resource against its schema: errors with kube's field paths and wording, ready for
   * {@link dev.customapiserver.api.errors.Errors#invalid}. Does not change {@code value}.
   */
  public List<FieldError> validate(JsonNode value) {
    List<FieldError> errors = new ArrayList<>();
    new ValueValidator(errors).validate(this, value, "");
    errors.replaceAll(ValueValidator::trimmed);
    return errors;
  }

  /**
   * Validates an update of a custom resource ({@link #validate}) with kube's validation ratcheting
   * (on by default since 1.30): errors found at or below a value that is unchanged from the stored
   * object (see {@link Correlation}) do not count, so a tightened schema does not block updates that
   * leave the offending values alone. Does not change {@code value} or {@code old}.
   */
  public List<FieldError> validateUpdate(JsonNode value, JsonNode old) {
    List<FieldError> errors = new ArrayList<>();
    new ValueValidator(errors).validate(this, value, "", Correlation.ofResource(this, value, old));
    errors.replaceAll(ValueValidator::trimmed);
    return errors;
  }

  /**
   * The {@code x-kubernetes-list-type} {@code set} and {@code map} invariants over an object this node
   * describes, as kube checks them after the schema: a {@code Duplicate value} error per repeated item
   * or key ({@link ListTypeValidator}). Does not change {@code value}.
   */
  public List<FieldError> validateListSetsAndMaps(JsonNode value) {
    List<FieldError> errors = new ArrayList<>();
    new ListTypeValidator(errors).validate(this, value, "");
    return errors;
  }

  /**
   * Removes the fields the schema does not know, as kube prunes a custom resource (at the root and in
   * embedded resources {@code apiVersion}, {@code kind} and {@code metadata} stay; below
   * {@code x-kubernetes-preserve-unknown-fields} nothing is removed), then drops {@code null} values of
   * fields that are neither nullable nor defaulted. Changes {@code object} in place.
   *
   * @return the paths of the unknown fields removed, as kube reports them ({@code spec.foo},
   *     {@code spec.items[0].bar}), for {@code fieldValidation=Strict} ({@code unknown field "spec.foo"}) and Warn
   */
  public List<String> prune(ObjectNode object) {
    List<String> pruned = new ArrayList<>();
    Pruner.pruneRoot(object, this, pruned);
    Pruner.pruneNonNullableNulls(object, this);
    return pruned;
  }

  /** Sets the schema's defaults on {@code object} in place, in kube's order (a default is then defaulted inside). */
  public void applyDefaults(JsonNode object) {
    Defaulter.apply(object, this);
  }

  /** The schema as OpenAPI v3 JSON (a CRD's schema as it was given). */
  public JsonNode toOpenApiV3() {
    return source != null ? source.deepCopy() : OpenApiV3Writer.write(this);
  }

  // ---- read access for the readers of the model (OpenAPI, patch, field manager, CRD serving) ----

  /** {@code type}; empty when unset (e.g. int-or-string, preserve-unknown-fields). */
  public String type() {
    return type;
  }

  public String format() {
    return format;
  }

  public String description() {
    return description;
  }

  public boolean nullable() {
    return nullable;
  }

  /** {@code default}, or null. */
  public JsonNode defaultValue() {
    return defaultValue;
  }

  /** The named properties, in declaration order. */
  public Map<String, StructuralSchema> properties() {
    return properties;
  }

  /** The schema of a property or map value named {@code name}; null if unknown. */
  public StructuralSchema property(String name) {
    StructuralSchema p = properties.get(name);
    return p != null ? p : additionalProperties;
  }

  /** {@code items}, or null. */
  public StructuralSchema items() {
    return items;
  }

  /** {@code additionalProperties} as a schema, or null. */
  public StructuralSchema additionalProperties() {
    return additionalProperties;
  }

  public List<String> required() {
    return required;
  }

  public List<JsonNode> enumValues() {
    return enumValues;
  }

  public boolean intOrString() {
    return intOrString;
  }

  public boolean preserveUnknownFields() {
    return preserveUnknownFields;
  }

  public boolean embeddedResource() {
    return embeddedResource;
  }

  /** {@code x-kubernetes-list-type}, or null. */
  public String listType() {
    return listType;
  }

  public List<String> listMapKeys() {
    return listMapKeys;
  }

  /** {@code x-kubernetes-map-type}, or null. */
  public String mapType() {
    return mapType;
  }

  /** {@code x-kubernetes-patch-strategy}, or null. */
  public String patchStrategy() {
    return patchStrategy;
  }

  /** {@code x-kubernetes-patch-merge-key}, or null. */
  public String patchMergeKey() {
    return patchMergeKey;
  }

  /** {@code x-kubernetes-validations}, kept as data. */
  public List<ValidationRule> validations() {
    return validations;
  }

  /** The Java class this node was reflected from, or null. */
  public Class<?> javaType() {
    return javaType;
  }

  /** The class declaring the field this node describes, or null. */
  public Class<?> javaDeclaringClass() {
    return javaDeclaringClass;
  }

  /**
   * For the node of a field or element whose type is a class: the class's own node (with the class's
   * description), null otherwise. Such nodes share the class's properties.
   */
  public StructuralSchema classNode() {
    return classNode;
  }

  /** Numeric and size limits, for writers of the schema. */
  public Long minLength() {
    return minLength;
  }

  public Long maxLength() {
    return maxLength;
  }

  public Long minItems() {
    return minItems;
  }

  public Long maxItems() {
    return maxItems;
  }

  public Long minProperties() {
    return minProperties;
  }

  public Long maxProperties() {
    return maxProperties;
  }

  public BigDecimal minimum() {
    return minimum;
  }

  public BigDecimal maximum() {
    return maximum;
  }

  public boolean exclusiveMinimum() {
    return exclusiveMinimum;
  }

  public boolean exclusiveMaximum() {
    return exclusiveMaximum;
  }

  /** {@code pattern}, or null. */
  public String pattern() {
    return pattern;
  }

  static <K, V> Map<K, V> frozen(LinkedHashMap<K, V> m) {
    return m.isEmpty() ? Map.of() : Collections.unmodifiableMap(m);
  }

  @Override
  public String toString() {
    return "StructuralSchema[" + (type.isEmpty() ? "untyped" : type) + (javaType == null ? "" : " " + javaType.getSimpleName()) + "]";
  }
}
