package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.math.BigDecimal;

/** JSON values as kube-apiserver (Go) prints them in error messages. */
public final class GoErrorValues {
  private GoErrorValues() {}

  /** The JSON type name kube-openapi infers for a value: string, integer, number, boolean, array, object, null. */
  static String jsonType(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return "null";
    }
    if (v.isTextual()) {
      return "string";
    }
    if (v.isIntegralNumber()) {
      return "integer";
    }
    if (v.isNumber()) {
      return "number";
    }
    if (v.isBoolean()) {
      return "boolean";
    }
    return v.isArray() ? "array" : "object";
  }

  /**
   * The bad value of a field error about an unstructured value, as field.Error prints it: scalars as
   * {@link #badValue}, objects and arrays as Go's {@code json.Marshal} writes them (keys sorted).
   */
  public static Object unstructured(JsonNode v) {
    return v != null && v.isContainerNode() ? new FieldError.Raw(GoJson.marshal(v)) : badValue(v);
  }

  /** The bad value of a field error: strings quoted, numbers and booleans as Go's {@code %v} prints them. */
  static Object badValue(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return null;
    }
    if (v.isTextual()) {
      return v.asText();
    }
    if (v.isIntegralNumber() && v.canConvertToLong()) {
      return v.asLong();
    }
    if (v.isNumber()) {
      return new FieldError.Raw(number(v.decimalValue(), false));
    }
    if (v.isBoolean()) {
      return v.asBoolean();
    }
    return new FieldError.Raw(v.toString());
  }

  /**
   * A number as Go prints it: integers as integers when {@code asInteger}, otherwise as {@code %v} prints a
   * float64 (shortest digits, exponent form below 1e-4 and from 1e+06 on: {@code 1.5}, {@code 1e+06}).
   */
  static String number(BigDecimal n, boolean asInteger) {
    if (asInteger && n.stripTrailingZeros().scale() <= 0) {
      return n.toBigInteger().toString();
    }
    double d = n.doubleValue();
    if (d == 0) {
      return "0";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "+Inf" : "-Inf";
    }
    BigDecimal b = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = b.unscaledValue().toString();
    int exp = digits.length() - b.scale() - 1;
    String sign = d < 0 ? "-" : "";
    if (exp < -4 || exp >= 6) {
      String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      String e = String.valueOf(Math.abs(exp));
      return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
    }
    return sign + b.toPlainString();
  }

  /** A bound of the schema, printed for a value of the given JSON node. */
  static String bound(BigDecimal bound, JsonNode value) {
    return number(bound, value.isIntegralNumber());
  }
}
