package dev.customapiserver.schema;

import static dev.customapiserver.schema.Paths.child;
import static dev.customapiserver.schema.Paths.key;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kube's check of a CRD schema's defaults ({@code structuraldefaulting.ValidateDefaults}): outside
 * metadata each default must be pruned already ({@code must not have unknown fields}), and every default
 * must validate against its own schema, then pass its rules. The resource root counts as an embedded
 * resource: its {@code apiVersion}, {@code kind} and {@code metadata} are metadata. As kube, defaults
 * under {@code additionalProperties} are not followed.
 */
final class DefaultChecks {
  private static final Set<String> META_FIELDS = Set.of("apiVersion", "kind", "metadata");

  private final DefaultValueRules rules;
  private final boolean requirePruned;
  private final boolean pruningOnly;
  private final List<FieldError> errors = new ArrayList<>();

  private DefaultChecks(DefaultValueRules rules, boolean requirePruned, boolean pruningOnly) {
    this.rules = rules;
    this.requirePruned = requirePruned;
    this.pruningOnly = pruningOnly;
  }

  /**
   * The defaults' errors. {@code requirePruned} false leaves out {@code must not have unknown fields}: kube
   * lets a definition that already had unpruned defaults be updated with them ({@code requirePrunedDefaults}).
   */
  static List<FieldError> check(StructuralSchema root, String path, DefaultValueRules rules, boolean requirePruned) {
    DefaultChecks c = new DefaultChecks(rules, requirePruned, false);
    c.walk(root, path, true, false);
    return c.errors;
  }

  /** Whether a default outside metadata holds fields its schema would prune (kube's schemaHasUnprunedDefaults). */
  static boolean hasUnpruned(StructuralSchema root) {
    DefaultChecks c = new DefaultChecks(DefaultValueRules.NONE, true, true);
    c.walk(root, "", true, false);
    return !c.errors.isEmpty();
  }

  /** {@code resourceRoot}: the root or an embedded resource; {@code insideMeta}: under their apiVersion, kind or metadata. */
  private void walk(StructuralSchema s, String path, boolean resourceRoot, boolean insideMeta) {
    if (s.embeddedResource) {
      resourceRoot = true;
      insideMeta = false;
    }
    if (s.defaultValue != null) {
      checkDefault(s, child(path, "default"), resourceRoot, insideMeta);
    }
    if (s.items != null) {
      walk(s.items, child(path, "items"), false, insideMeta);
    }
    for (Map.Entry<String, StructuralSchema> p : s.properties.entrySet()) {
      boolean meta = insideMeta || (resourceRoot && META_FIELDS.contains(p.getKey()));
      walk(p.getValue(), key(child(path, "properties"), p.getKey()), false, meta);
    }
  }

  private void checkDefault(StructuralSchema s, String at, boolean resourceRoot, boolean insideMeta) {
    JsonNode value = s.defaultValue;
    if (!insideMeta && requirePruned) {
      JsonNode pruned = value.deepCopy();
      Pruner.prune(pruned, s, resourceRoot);
      if (!pruned.equals(value)) {
        errors.add(FieldError.invalid(at, GoErrorValues.unstructured(value), "must not have unknown fields"));
      }
    }
    if (pruningOnly) {
      return;
    }
    List<FieldError> found = new ArrayList<>();
    new ValueValidator(found).validate(s, value, "");
    for (FieldError e : found) {
      errors.add(new FieldError(e.type(), at(at, e.field()), e.value(), e.detail()));
    }
    if (found.isEmpty()) {
      errors.addAll(rules.check(s, resourceRoot, value, at));
    }
  }

  /**
   * apiextensions' path of a kube-openapi error named {@code name} under the default: the default
   * itself for a nameless one, else the name (its leading dot trimmed) as one more child,
   * {@code default.replicas}, {@code default.[0]}.
   */
  private static String at(String at, String name) {
    if (name == null || name.isEmpty() || name.equals("<nil>") || name.equals(".")) {
      return at;
    }
    return at + "." + (name.startsWith(".") ? name.substring(1) : name);
  }
}
