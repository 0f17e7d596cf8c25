package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A JSON value as Go's {@code json.Marshal} writes an unstructured value ({@code map[string]interface{}},
 * {@code []interface{}}, int64, float64, string, bool, nil), as kube prints a compound bad value in a
 * field error ({@code Duplicate value: {"name":"http"}}): object keys sorted, no spaces, {@code <},
 * {@code >} and {@code &} escaped, floats in Go's shortest form.
 */
public final class GoJson {
  private GoJson() {}

  /** A string as Go's {@code json.Marshal} writes it: quoted, {@code <}, {@code >} and {@code &} escaped. */
  public static String quote(String s) {
    StringBuilder out = new StringBuilder();
    string(s, out);
    return out.toString();
  }

  static String marshal(JsonNode v) {
    StringBuilder out = new StringBuilder();
    write(v, out);
    return out.toString();
  }

  private static void write(JsonNode v, StringBuilder out) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      out.append("null");
    } else if (v.isObject()) {
      List<String> keys = new ArrayList<>();
      v.fieldNames().forEachRemaining(keys::add);
      Collections.sort(keys);
      out.append('{');
      for (int i = 0; i < keys.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        string(keys.get(i), out);
        out.append(':');
        write(v.get(keys.get(i)), out);
      }
      out.append('}');
    } else if (v.isArray()) {
      out.append('[');
      for (int i = 0; i < v.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        write(v.get(i), out);
      }
      out.append(']');
    } else if (v.isTextual()) {
      string(v.asText(), out);
    } else if (v.isIntegralNumber() && v.canConvertToLong()) {
      out.append(v.asLong());
    } else if (v.isNumber()) {
      out.append(number(v.decimalValue()));
    } else {
      out.append(v.asText());
    }
  }

  /** A float64 as encoding/json writes it: plain digits, exponent form below 1e-6 and from 1e21 on. */
  static String number(BigDecimal n) {
    double d = n.doubleValue();
    if (d == 0) {
      return "0";
    }
    double abs = Math.abs(d);
    BigDecimal b = new BigDecimal(Double.toString(abs)).stripTrailingZeros();
    String sign = d < 0 ? "-" : "";
    if (abs < 1e-6 || abs >= 1e21) {
      String digits = b.unscaledValue().toString();
      int exp = digits.length() - b.scale() - 1;
      String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + Math.abs(exp); // encoding/json writes e-7, not e-07
    }
    return sign + b.toPlainString();
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '<', '>', '&', '\u2028', '\u2029' -> out.append(String.format("\\u%04x", (int) c));
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
