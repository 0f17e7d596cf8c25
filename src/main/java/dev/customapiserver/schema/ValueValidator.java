package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates JSON against a schema node as kube-apiserver validates custom resources (kube-openapi's
 * schema validator, its errors turned into field errors by apiextensions): {@code spec.replicas: Invalid
 * value: "string": spec.replicas in body must be of type integer: "string"}.
 */
final class ValueValidator {
  private final List<FieldError> errors;

  ValueValidator(List<FieldError> errors) {
    this.errors = errors;
  }

  void validate(StructuralSchema s, JsonNode v, String path) {
    validate(s, v, path, null);
  }

  /**
   * The field path of an error about the value kube-openapi names {@code name}: apiextensions trims a
   * leading dot ({@code .key} of a map value at the top); the name stays as is in the message.
   */
  static FieldError trimmed(FieldError e) {
    return e.field() != null && e.field().startsWith(".")
        ? new FieldError(e.type(), e.field().substring(1), e.value(), e.detail()) : e;
  }

  /**
   * Validates {@code v}; with a correlation to its old value (on update), ratcheting as kube's
   * {@code ratchetingValueValidator}: the errors found at and below a node that is unchanged are
   * dropped (kube keeps them as warnings it does not send), and correlated children are judged alike.
   */
  void validate(StructuralSchema s, JsonNode v, String path, Correlation c) {
    if (s == null) {
      return;
    }
    int before = errors.size();
    validateNode(s, v, path, c);
    if (c != null && errors.size() > before && c.unchanged()) {
      errors.subList(before, errors.size()).clear();
    }
  }

  private void validateNode(StructuralSchema s, JsonNode v, String path, Correlation c) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      typeOfNull(s, path);
      enumeration(s, v, path);
      return;
    }
    type(s, v, path);
    junctors(s, v, path);
    if (v.isTextual()) {
      string(s, v.asText(), path);
      format(s, v.asText(), path);
    }
    if (v.isNumber()) {
      number(s, v, path);
    }
    if (v.isArray()) {
      array(s, v, path, c);
    }
    enumeration(s, v, path);
    if (v.isObject()) {
      object(s, v, path, c);
    }
  }

  private static String name(String path) {
    return path;
  }

  private List<String> types(StructuralSchema s) {
    if (s.intOrString) {
      return List.of("integer", "string");
    }
    return s.type.isEmpty() ? List.of() : List.of(s.type);
  }

  private void typeOfNull(StructuralSchema s, String path) {
    List<String> types = types(s);
    if (!types.isEmpty() && !s.nullable) {
      typeInvalid(path, "null", String.join(",", types));
    }
  }

  private void type(StructuralSchema s, JsonNode v, String path) {
    List<String> types = types(s);
    if (types.isEmpty()) {
      return;
    }
    String actual = GoErrorValues.jsonType(v);
    boolean floatInt = actual.equals("number") && isIntegral(v) && types.contains("integer");
    boolean intFloat = actual.equals("integer") && types.contains("number");
    if (!(types.contains(actual) || floatInt || intFloat)) {
      typeInvalid(path, actual, String.join(",", types));
    }
  }

  private void typeInvalid(String path, String actual, String expected) {
    errors.add(new FieldError(FieldError.Type.TYPE_INVALID, path, actual,
        name(path) + " in body must be of type " + expected + ": \"" + actual + "\""));
  }

  private static boolean isIntegral(JsonNode v) {
    try {
      return v.decimalValue().stripTrailingZeros().scale() <= 0;
    } catch (ArithmeticException e) {
      return false;
    }
  }

  private void string(StructuralSchema s, String text, String path) {
    long length = text.codePointCount(0, text.length());
    if (s.maxLength != null && length > s.maxLength) {
      errors.add(FieldError.tooLong(path, s.maxLength.intValue()));
      return;
    }
    if (s.minLength != null && length < s.minLength) {
      errors.add(FieldError.invalid(path, text, name(path) + " in body should be at least " + s.minLength + " chars long"));
      return;
    }
    if (s.pattern != null && !s.pattern.isEmpty() && !s.compiledPattern().matcher(text).find()) {
      errors.add(FieldError.invalid(path, text, name(path) + " in body should match '" + s.pattern + "'"));
    }
  }

  private void format(StructuralSchema s, String text, String path) {
    if (!s.format.isEmpty() && Formats.known(s.format) && !Formats.valid(s.format, text)) {
      errors.add(new FieldError(FieldError.Type.TYPE_INVALID, path, text,
          name(path) + " in body must be of type " + s.format + ": \"" + text.replace("\"", "\\\"") + "\""));
    }
  }

  private void number(StructuralSchema s, JsonNode v, String path) {
    BigDecimal n = v.decimalValue();
    Object bad = GoErrorValues.badValue(v);
    if (s.multipleOf != null && s.multipleOf.signum() > 0 && n.remainder(s.multipleOf).signum() != 0) {
      errors.add(FieldError.invalid(path, bad, name(path) + " in body should be a multiple of " + GoErrorValues.bound(s.multipleOf, v)));
    }
    if (s.maximum != null) {
      int c = n.compareTo(s.maximum);
      if (c > 0 || (s.exclusiveMaximum && c == 0)) {
        errors.add(FieldError.invalid(path, bad, name(path) + " in body should be less than " + (s.exclusiveMaximum ? "" : "or equal to ")
            + GoErrorValues.bound(s.maximum, v)));
      }
    }
    if (s.minimum != null) {
      int c = n.compareTo(s.minimum);
      if (c < 0 || (s.exclusiveMinimum && c == 0)) {
        errors.add(FieldError.invalid(path, bad, name(path) + " in body should be greater than " + (s.exclusiveMinimum ? "" : "or equal to ")
            + GoErrorValues.bound(s.minimum, v)));
      }
    }
  }

  private void array(StructuralSchema s, JsonNode v, String path, Correlation c) {
    if (s.items != null) {
      for (int i = 0; i < v.size(); i++) {
        validate(s.items, v.get(i), Paths.index(path, i), c == null ? null : c.index(i));
      }
    }
    long size = v.size();
    if (s.minItems != null && size < s.minItems) {
      errors.add(FieldError.invalid(path, size, name(path) + " in body should have at least " + s.minItems + " items"));
    }
    if (s.maxItems != null && size > s.maxItems) {
      errors.add(tooMany(path, size, s.maxItems));
    }
    if (s.uniqueItems) {
      Set<JsonNode> seen = new HashSet<>();
      for (JsonNode e : v) {
        if (!seen.add(e)) {
          errors.add(FieldError.invalid(path, "", name(path) + " in body shouldn't contain duplicates"));
          break;
        }
      }
    }
  }

  /** kube's {@code field.TooMany}: {@code Too many: 4: must have at most 3 items} (or {@code has too many items}). */
  static FieldError tooMany(String path, long actual, long max) {
    String detail = max >= 0 ? "must have at most " + max + (max == 1 ? " item" : " items") : "has too many items";
    return new FieldError(FieldError.Type.TOO_MANY, path, null, (actual >= 0 ? actual + ": " : "") + detail);
  }

  private void enumeration(StructuralSchema s, JsonNode v, String path) {
    if (s.enumValues.isEmpty()) {
      return;
    }
    for (JsonNode allowed : s.enumValues) {
      if (sameValue(allowed, v)) {
        return;
      }
    }
    List<String> supported = new ArrayList<>();
    for (JsonNode allowed : s.enumValues) {
      supported.add(allowed.isTextual() ? allowed.asText() : allowed.toString());
    }
    errors.add(FieldError.notSupported(path, GoErrorValues.badValue(v), supported));
  }

  private static boolean sameValue(JsonNode a, JsonNode b) {
    if (b == null || b.isMissingNode()) {
      return a.isNull();
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  private void object(StructuralSchema s, JsonNode v, String path, Correlation c) {
    long n = v.size();
    if (s.minProperties != null && n < s.minProperties) {
      errors.add(FieldError.invalid(path, s.minProperties, name(path) + " in body should have at least " + s.minProperties + " properties"));
      return;
    }
    if (s.maxProperties != null && n > s.maxProperties) {
      errors.add(tooMany(path, s.maxProperties, -1));
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!s.properties.containsKey(e.getKey()) && s.additionalProperties != null) {
        // kube-openapi names a map value path + "." + key, also at the top (".key", the field path without the dot)
        validate(s.additionalProperties, e.getValue(), path + "." + e.getKey(), c == null ? null : c.key(e.getKey()));
      }
    }
    for (Map.Entry<String, StructuralSchema> p : s.properties.entrySet()) {
      if (v.has(p.getKey())) {
        validate(p.getValue(), v.get(p.getKey()), Paths.child(path, p.getKey()), c == null ? null : c.key(p.getKey()));
      }
    }
    for (String r : s.required) {
      if (!v.has(r)) {
        errors.add(FieldError.required(Paths.child(path, r), ""));
      }
    }
  }

  private void junctors(StructuralSchema s, JsonNode v, String path) {
    for (StructuralSchema all : s.allOf) {
      validate(all, v, path);
    }
    if (!s.anyOf.isEmpty()) {
      List<FieldError> best = null;
      boolean ok = false;
      for (StructuralSchema any : s.anyOf) {
        List<FieldError> e = new ArrayList<>();
        new ValueValidator(e).validate(any, v, path);
        if (e.isEmpty()) {
          ok = true;
          break;
        }
        if (best == null) {
          best = e;
        }
      }
      if (!ok) {
        errors.add(FieldError.invalid(junctorPath(path), "", name(path) + " must validate at least one schema (anyOf)"));
        errors.addAll(best);
      }
    }
    if (!s.oneOf.isEmpty()) {
      int matches = 0;
      List<FieldError> first = null;
      for (StructuralSchema one : s.oneOf) {
        List<FieldError> e = new ArrayList<>();
        new ValueValidator(e).validate(one, v, path);
        if (e.isEmpty()) {
          matches++;
        } else if (first == null) {
          first = e;
        }
      }
      if (matches == 0) {
        errors.add(FieldError.invalid(junctorPath(path), "", name(path) + " must validate one and only one schema (oneOf)"));
        errors.addAll(first);
      } else if (matches > 1) {
        errors.add(FieldError.invalid(junctorPath(path), "", name(path) + " must validate one and only one schema (oneOf). Found "
            + matches + " valid alternatives"));
      }
    }
    if (s.not != null) {
      List<FieldError> e = new ArrayList<>();
      new ValueValidator(e).validate(s.not, v, path);
      if (e.isEmpty()) {
        errors.add(FieldError.invalid(junctorPath(path), "", name(path) + " must not validate the schema (not)"));
      }
    }
  }

  /** kube reports the junctors' own errors without a field path: {@code <nil>}. */
  private static String junctorPath(String path) {
    return "<nil>";
  }
}
