package dev.customapiserver.schema.cel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.Correlation;
import dev.customapiserver.schema.GoErrorValues;
import dev.customapiserver.schema.StructuralSchema;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@code x-kubernetes-validations} rules of a custom resource's structural schema, compiled once and
 * evaluated on every write as kube-apiserver evaluates them: rules run on every non-null value of their
 * node, transition rules (those reading {@code oldSelf}) only on updates where an old value exists at the
 * same place (object properties, map entries, entries of {@code x-kubernetes-list-type: map} lists by
 * key), {@code optionalOldSelf} rules also without one ({@code oldSelf} an empty optional). Failures are
 * field errors in kube's words, e.g. {@code spec: Invalid value: "object": replicas must not exceed 10}.
 * Safe to share between threads.
 */
public final class CelValidator {
  private final StructuralSchema root;
  private final Map<StructuralSchema, NodeRules> rules = new IdentityHashMap<>();
  private final Map<StructuralSchema, Boolean> hasRules = new IdentityHashMap<>();
  private final long perCallLimit;

  private CelValidator(StructuralSchema root, long perCallLimit) {
    this(root, perCallLimit, true);
  }

  private CelValidator(StructuralSchema root, long perCallLimit, boolean resourceRoot) {
    this.root = root;
    this.perCallLimit = perCallLimit;
    CelTypes types = new CelTypes();
    collect(types, root, resourceRoot);
  }

  /**
   * kube's check of a CRD schema's default against the rules of its node and below
   * ({@code structuraldefaulting.ValidateDefaults}): evaluated as an update from the default to itself,
   * and, when that passes, as a create ({@code optionalOldSelf} rules see no old value). Paths start at
   * {@code path}, the default's ({@code ...properties[spec].default}, {@code ...default.replicas}).
   */
  public static List<FieldError> checkDefault(StructuralSchema node, boolean resourceRoot, JsonNode value, String path) {
    CelValidator v = new CelValidator(node, Evaluation.PER_CALL_LIMIT, resourceRoot);
    if (v.isEmpty()) {
      return List.of();
    }
    // not ratcheted: kube evaluates a default without a correlation
    List<FieldError> errors = v.evaluate(value, value, null, w -> {});
    if (errors.isEmpty()) {
      errors = v.evaluate(value, null, null, w -> {});
    }
    List<FieldError> placed = new ArrayList<>();
    for (FieldError e : errors) {
      String f = e.field();
      String at = f == null || f.isEmpty() || f.equals("<nil>") ? path : f.startsWith("[") ? path + f : path + "." + f;
      placed.add(new FieldError(e.type(), at, e.value(), e.detail()));
    }
    return placed;
  }

  /** The rules of a custom resource schema (the root is the resource itself). */
  public static CelValidator of(StructuralSchema resourceSchema) {
    return new CelValidator(resourceSchema, Evaluation.PER_CALL_LIMIT);
  }

  /** As {@link #of}, with another per-call cost limit (for tests). */
  static CelValidator of(StructuralSchema resourceSchema, long perCallLimit) {
    return new CelValidator(resourceSchema, perCallLimit);
  }

  /** Whether the schema has any rule at all (nothing to evaluate otherwise). */
  public boolean isEmpty() {
    return !Boolean.TRUE.equals(hasRules.get(root));
  }

  /**
   * kube's CRD check of the rules: every rule and message expression compiles (to a bool and a string),
   * every fieldPath names a field of the schema. Paths start at {@code schemaPath}, e.g.
   * {@code spec.versions[0].schema.openAPIV3Schema}. Empty when all is fine.
   */
  public static List<FieldError> check(StructuralSchema resourceSchema, String schemaPath) {
    CelValidator v = of(resourceSchema);
    List<FieldError> errors = new ArrayList<>();
    v.checkNode(resourceSchema, schemaPath, null, errors);
    return errors;
  }

  /**
   * Evaluates the rules on an object ({@code old} the stored object on update, null on create); the
   * errors have kube's field paths ({@code spec.replicas}; {@code <nil>} for rules on the root).
   */
  public List<FieldError> validate(JsonNode object, JsonNode old) {
    return validate(object, old, w -> {});
  }

  /**
   * As {@link #validate(JsonNode, JsonNode)}; on update with kube's ratcheting: a failing rule that does
   * not read {@code oldSelf} on a value that is unchanged (its own, or for a value without an old
   * counterpart its nearest correlated parent's, see {@link Correlation}) is no error but a
   * {@code warnings} entry, the error as kube prints it ({@code spec.x: Invalid value: ...}).
   */
  public List<FieldError> validate(JsonNode object, JsonNode old, Consumer<String> warnings) {
    return evaluate(object, old, old == null ? null : Correlation.ofResource(root, object, old), warnings);
  }

  private List<FieldError> evaluate(JsonNode object, JsonNode old, Correlation correlation, Consumer<String> warnings) {
    List<FieldError> errors = new ArrayList<>();
    if (isEmpty()) {
      return errors;
    }
    Evaluation budget = new Evaluation(perCallLimit, Evaluation.OBJECT_BUDGET);
    new Walk(errors, budget, warnings).node(root, object, old, "", correlation, null);
    return errors;
  }

  /**
   * kube's custom resource strategy: the rules run only when the schema validation found nothing that
   * makes the object's shape unfit for them (a wrong type, a missing required field, an unsupported enum
   * value, too long, too many); otherwise one error says so. Returns {@code schemaErrors} with the rules'.
   */
  public List<FieldError> validateAfter(List<FieldError> schemaErrors, JsonNode object, JsonNode old) {
    return validateAfter(schemaErrors, object, old, w -> {});
  }

  /** As {@link #validateAfter(List, JsonNode, JsonNode)}, the ratcheted rules' failures sent to {@code warnings}. */
  public List<FieldError> validateAfter(List<FieldError> schemaErrors, JsonNode object, JsonNode old, Consumer<String> warnings) {
    List<FieldError> errors = new ArrayList<>(schemaErrors);
    if (isEmpty()) {
      return errors;
    }
    if (schemaErrors.stream().anyMatch(e -> BLOCKING.contains(e.type()))) {
      errors.add(FieldError.invalid("<nil>", null,
          "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"));
      return errors;
    }
    errors.addAll(validate(object, old, warnings));
    return errors;
  }

  private static final Set<FieldError.Type> BLOCKING = EnumSet.of(FieldError.Type.NOT_SUPPORTED,
      FieldError.Type.REQUIRED, FieldError.Type.TOO_LONG, FieldError.Type.TOO_MANY, FieldError.Type.TYPE_INVALID);

  private boolean collect(CelTypes types, StructuralSchema s, boolean isRoot) {
    if (s == null || hasRules.containsKey(s)) {
      return s != null && hasRules.get(s);
    }
    hasRules.put(s, false);
    boolean any = false;
    if (!s.validations().isEmpty()) {
      rules.put(s, NodeRules.compile(types, s, isRoot));
      any = true;
    }
    for (StructuralSchema p : s.properties().values()) {
      any |= collect(types, p, false);
    }
    any |= collect(types, s.items(), false);
    any |= collect(types, s.additionalProperties(), false);
    hasRules.put(s, any);
    return any;
  }

  /** {@code uncorrelatable}: the path of the list (not a map-type list) this node is under, or null. */
  private void checkNode(StructuralSchema s, String path, String uncorrelatable, List<FieldError> errors) {
    if (s == null || !hasRules.get(s)) {
      return;
    }
    NodeRules nr = rules.get(s);
    if (nr != null) {
      for (int i = 0; i < nr.rules.size(); i++) {
        CompiledRule r = nr.rules.get(i);
        String at = child(path, "x-kubernetes-validations") + "[" + i + "]";
        if (r.error != null) {
          errors.add(FieldError.invalid(at + ".rule", GoRuleSyntax.rule(r.rule), r.error));
        }
        if (r.messageError != null) {
          errors.add(FieldError.invalid(at + ".messageExpression", GoRuleSyntax.rule(r.rule), r.messageError));
        }
        if (r.fieldPathError != null) {
          errors.add(FieldError.invalid(at + ".fieldPath", r.rule.fieldPath(), "fieldPath must be a valid path: " + r.fieldPathError));
        }
        if (r.error == null && r.usesOldSelf && uncorrelatable != null) {
          errors.add(FieldError.invalid(at + ".rule", r.rule.rule(),
              "oldSelf cannot be used on the uncorrelatable portion of the schema within " + uncorrelatable));
        } else if (!r.usesOldSelf && r.rule.optionalOldSelfSet()) {
          errors.add(FieldError.invalid(at + ".optionalOldSelf", r.rule.optionalOldSelf(),
              "may not be set if oldSelf is not used in rule"));
        }
      }
    }
    s.properties().forEach((k, p) -> checkNode(p, child(path, "properties") + "[" + k + "]", uncorrelatable, errors));
    boolean mapList = "map".equals(s.listType());
    checkNode(s.items(), child(path, "items"), uncorrelatable != null || mapList ? uncorrelatable : path, errors);
    checkNode(s.additionalProperties(), child(path, "additionalProperties"), uncorrelatable, errors);
  }

  static String child(String base, String name) {
    return base.isEmpty() ? name : base + "." + name;
  }

  /** One walk over an object and its old version. */
  private final class Walk {
    private final List<FieldError> errors;
    private final Evaluation budget;
    private final Consumer<String> warnings;
    private boolean stopped;

    Walk(List<FieldError> errors, Evaluation budget, Consumer<String> warnings) {
      this.errors = errors;
      this.budget = budget;
      this.warnings = warnings;
    }

    /**
     * {@code c}: the value's correlation with its old value, null when it has none (not ratcheting, or a
     * value without an old counterpart, such as an item of a list that is not a map-type list);
     * {@code parent}: the nearest correlated parent's. A failing rule that does not read oldSelf is
     * ratcheted when the value (or, without a correlation, that parent) is unchanged.
     */
    void node(StructuralSchema s, JsonNode v, JsonNode old, String path, Correlation c, Correlation parent) {
      if (stopped || s == null || v == null || v.isNull() || v.isMissingNode() || !hasRules.get(s)) {
        return;
      }
      if (old != null && (old.isNull() || old.isMissingNode())) {
        old = null;
      }
      NodeRules nr = rules.get(s);
      if (nr != null) {
        evaluate(nr, v, old, path, c != null ? c.unchanged() : parent != null && parent.unchanged());
      }
      if (stopped) {
        return;
      }
      if (v.isObject()) {
        boolean oldMap = old != null && old.isObject() && (s.mapType() == null || s.mapType().equals("granular")
            || s.mapType().equals("atomic"));
        for (var it = v.fields(); it.hasNext(); ) {
          var e = it.next();
          StructuralSchema p = s.properties().get(e.getKey());
          String at = p != null ? child(path, e.getKey()) : path + "[" + e.getKey() + "]";
          StructuralSchema sub = p != null ? p : s.additionalProperties();
          JsonNode o = oldMap ? old.get(e.getKey()) : null;
          boolean typeMeta = c != null && parent == null && (e.getKey().equals("apiVersion") || e.getKey().equals("kind"));
          if (typeMeta) { // kube: never ratcheted (both versions were converted to the same one)
            node(sub, e.getValue(), o, at, null, null);
          } else {
            node(sub, e.getValue(), o, at, c == null ? null : c.key(e.getKey()), c == null ? parent : c);
          }
        }
      } else if (v.isArray() && s.items() != null) {
        for (int i = 0; i < v.size(); i++) {
          JsonNode o = oldItem(s, v.get(i), old);
          node(s.items(), v.get(i), o, path + "[" + i + "]", c == null ? null : c.index(i), c == null ? parent : c);
        }
      }
    }

    /** The old element with the same map keys, for {@code x-kubernetes-list-type: map} lists only. */
    private JsonNode oldItem(StructuralSchema s, JsonNode item, JsonNode old) {
      if (old == null || !old.isArray() || !"map".equals(s.listType()) || s.listMapKeys().isEmpty() || !item.isObject()) {
        return null;
      }
      for (JsonNode o : old) {
        if (o.isObject() && s.listMapKeys().stream().allMatch(k -> o.path(k).equals(item.path(k)))) {
          return o;
        }
      }
      return null;
    }

    private void evaluate(NodeRules nr, JsonNode v, JsonNode old, String path, boolean unchanged) {
      Object self = CelValues.of(v, nr.schema);
      Object oldSelf = old == null ? null : CelValues.of(old, nr.schema);
      String at = path.isEmpty() ? "<nil>" : path;
      String type = nr.typeName();
      for (CompiledRule r : nr.rules) {
        if (r.error != null) {
          errors.add(FieldError.invalid(at, type, "rule compile error: " + r.error));
          continue;
        }
        if (r.usesOldSelf && oldSelf == null && !r.rule.optionalOldSelf()) {
          continue;
        }
        Map<String, Object> activation = new HashMap<>();
        activation.put("self", self);
        if (r.rule.optionalOldSelf()) {
          activation.put("oldSelf", Optional.ofNullable(oldSelf));
        } else if (oldSelf != null) {
          activation.put("oldSelf", oldSelf);
        }
        if (budget.remaining() <= 0) {
          errors.add(FieldError.invalid(at, type,
              "validation failed due to running out of cost budget, no further validation rules will be run"));
          stopped = true;
          return;
        }
        Evaluation.Outcome out = budget.run(r.program, activation);
        if (out.limitExceeded()) {
          String detail = budget.remaining() < 0 && out.cost() <= perCallLimit
              ? "validation failed due to running out of cost budget, no further validation rules will be run"
              : "'" + out.error() + "': no further validation rules will be run due to call cost exceeds limit for rule: "
                  + r.errorString();
          errors.add(FieldError.invalid(at, type, detail));
          stopped = true;
          return;
        }
        if (out.error() != null) {
          errors.add(FieldError.invalid(at, type, out.error().startsWith("no such overload")
              ? "'" + out.error() + "': call arguments did not match a supported operator, function or macro signature for rule: "
                  + r.errorString()
              : out.error() + " evaluating rule: " + r.errorString()));
          continue;
        }
        if (Boolean.TRUE.equals(out.value())) {
          continue;
        }
        String fieldAt = r.fieldPath.isEmpty() ? at : (path.isEmpty() ? r.fieldPath : path + "." + r.fieldPath);
        String detail = message(r, activation, fieldAt, type);
        if (stopped) {
          return;
        }
        // kube 1.36 shows the value of a scalar (the node's, also under a fieldPath) and omits an object's or a list's
        Object value = "object".equals(type) || "array".equals(type) ? FieldError.OMIT_VALUE : GoErrorValues.unstructured(v);
        FieldError failure = RuleErrors.forReason(r.rule.reason(), fieldAt, value, detail);
        if (!r.usesOldSelf && unchanged) {
          warnings.accept(failure.toString()); // ratcheted: kube's warning.AddWarning(ctx, "", err.Error())
        } else {
          errors.add(failure);
        }
      }
    }

    /** The failure message: the message expression's value if it gives one, else the message, else {@code failed rule: <rule>}. */
    private String message(CompiledRule r, Map<String, Object> activation, String fieldAt, String type) {
      if (r.messageProgram != null) {
        Evaluation.Outcome out = budget.run(r.messageProgram, activation);
        if (out.limitExceeded()) {
          errors.add(FieldError.invalid(fieldAt, type,
              "no further validation rules will be run due to call cost exceeds limit for messageExpression: \""
                  + r.rule.messageExpression() + "\""));
          stopped = true;
          return "";
        }
        if (out.error() == null && out.value() instanceof String m && !m.isBlank() && !m.strip().contains("\n")
            && m.strip().length() <= 5 * 1024) {
          return m.strip();
        }
      }
      return r.rule.message().isBlank() ? "failed rule: " + r.rule.rule().strip() : r.rule.message().strip();
    }
  }
}
