package dev.customapiserver.schema.cel;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.GoJson;
import dev.customapiserver.schema.ValidationRule;

/**
 * How kube prints a rule as the value of a CRD error: {@code json.Marshal} of its internal
 * {@code apiextensions.ValidationRule}, which has no JSON tags, so the Go field names in declaration
 * order, pointers as their value or {@code null}:
 * {@code {"Rule":"self.x \u003e 1","Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}}.
 */
final class GoRuleSyntax {
  private GoRuleSyntax() {}

  static FieldError.Raw rule(ValidationRule r) {
    return new FieldError.Raw("{\"Rule\":" + GoJson.quote(r.rule())
        + ",\"Message\":" + GoJson.quote(r.message())
        + ",\"MessageExpression\":" + GoJson.quote(r.messageExpression())
        + ",\"Reason\":" + (r.reason().isEmpty() ? "null" : GoJson.quote(r.reason()))
        + ",\"FieldPath\":" + GoJson.quote(r.fieldPath())
        + ",\"OptionalOldSelf\":" + (r.optionalOldSelfSet() ? Boolean.toString(r.optionalOldSelf()) : "null") + "}");
  }

  /** Go's {@code strconv.Quote}. */
  static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    s.codePoints().forEach(c -> {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\x%02x", c));
          } else {
            out.appendCodePoint(c);
          }
        }
      }
    });
    return out.append('"').toString();
  }
}
