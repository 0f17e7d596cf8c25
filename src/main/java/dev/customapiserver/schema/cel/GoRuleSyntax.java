package dev.customapiserver.schema.cel;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.ValidationRule;

/**
 * How kube prints a rule as the value of a CRD error: Go's {@code %#v} of its internal
 * {@code apiextensions.ValidationRule}. Set pointers print an address in kube, which differs from run to
 * run; a fixed one stands in for it here.
 */
final class GoRuleSyntax {
  private static final String ADDRESS = "0xc000000000";

  private GoRuleSyntax() {}

  static FieldError.Raw rule(ValidationRule r) {
    return new FieldError.Raw("apiextensions.ValidationRule{Rule:" + quote(r.rule())
        + ", Message:" + quote(r.message())
        + ", MessageExpression:" + quote(r.messageExpression())
        + ", Reason:(*apiextensions.FieldValueErrorReason)(" + (r.reason().isEmpty() ? "nil" : ADDRESS) + ")"
        + ", FieldPath:" + quote(r.fieldPath())
        + ", OptionalOldSelf:(*bool)(" + (r.optionalOldSelf() ? ADDRESS : "nil") + ")}");
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
