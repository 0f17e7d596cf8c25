package dev.customapiserver.endpoints.call;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed query parameters read as kube-apiserver's parameter codec reads them (the first value of a
 * name counts): an integer that does not parse is a 400 in Go's words ({@code strconv.ParseInt:
 * parsing "abc": invalid syntax}) before anything happens; a boolean is true unless {@code 0} or
 * {@code false}; the field manager is checked as metav1 validation checks it.
 */
public final class QueryParams {
  /** kube's FieldManagerMaxLength. */
  static final int FIELD_MANAGER_MAX_BYTES = 128;
  private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private QueryParams() {}

  /** An int64 parameter, or {@code null} when absent or empty. */
  public static Long int64(Call call, String name) {
    String v = call.query(name);
    if (v == null || v.isEmpty()) {
      return null;
    }
    return parseInt64(v);
  }

  /** Go's strconv.ParseInt(v, 10, 64), with its errors. */
  static long parseInt64(String v) {
    String digits = v.startsWith("+") || v.startsWith("-") ? v.substring(1) : v;
    if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw Errors.badRequest("strconv.ParseInt: parsing " + goQuote(v) + ": invalid syntax");
    }
    BigInteger b = new BigInteger(v.startsWith("+") ? digits : v);
    if (b.compareTo(MIN) < 0 || b.compareTo(MAX) > 0) {
      throw Errors.badRequest("strconv.ParseInt: parsing " + goQuote(v) + ": value out of range");
    }
    return b.longValue();
  }

  /**
   * A resourceVersion Go's {@code strconv.ParseUint(v, 10, 64)} refuses, in kube's words
   * ({@code resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax});
   * null when it parses.
   */
  static String unparsableResourceVersion(String v) {
    String error;
    if (v.isEmpty() || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
      error = "invalid syntax";
    } else if (new BigInteger(v).compareTo(UINT64_MAX) > 0) {
      error = "value out of range";
    } else {
      return null;
    }
    return "resourceVersion: Invalid value: " + goQuote(v) + ": strconv.ParseUint: parsing " + goQuote(v) + ": " + error;
  }

  /** A boolean parameter: present and neither {@code 0} nor {@code false} (any case). */
  static boolean bool(Call call, String name) {
    return QueryOptions.isTrue(call.query(name));
  }

  /** The field manager's problems as kube's ValidateFieldManager words them: too long, or not printable. */
  static List<FieldError> fieldManagerErrors(String manager) {
    List<FieldError> errs = new ArrayList<>();
    if (manager == null) {
      return errs;
    }
    byte[] utf8 = manager.getBytes(StandardCharsets.UTF_8);
    if (utf8.length > FIELD_MANAGER_MAX_BYTES) {
      errs.add(FieldError.tooLong("fieldManager", FIELD_MANAGER_MAX_BYTES));
    }
    int at = 0;
    for (int i = 0; i < manager.length(); ) {
      int cp = manager.codePointAt(i);
      if (!isPrint(cp)) {
        errs.add(FieldError.invalid("fieldManager", new FieldError.Raw(goQuote(manager)),
            String.format("invalid character U+%04X (at position %d)", cp, at)));
      }
      at += new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      i += Character.charCount(cp);
    }
    return errs;
  }

  /** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
  static boolean isPrint(int cp) {
    if (cp == ' ') {
      return true;
    }
    return switch (Character.getType(cp)) {
      case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER, Character.MODIFIER_LETTER,
          Character.OTHER_LETTER, Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK,
          Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER, Character.CONNECTOR_PUNCTUATION,
          Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
          Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL,
          Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
      default -> false;
    };
  }

  /** A string as Go's %q prints it. */
  static String goQuote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      switch (cp) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        case 7 -> b.append("\\a");
        case 8 -> b.append("\\b");
        case 12 -> b.append("\\f");
        case 11 -> b.append("\\v");
        default -> {
          if (isPrint(cp)) {
            b.appendCodePoint(cp);
          } else if (cp < 0x80) {
            b.append(String.format("\\x%02x", cp));
          } else if (cp <= 0xFFFF) {
            b.append(String.format("\\u%04x", cp));
          } else {
            b.append(String.format("\\U%08x", cp));
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
