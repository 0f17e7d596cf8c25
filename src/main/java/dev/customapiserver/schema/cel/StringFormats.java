package dev.customapiserver.schema.cel;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenAPI string formats kube's CEL {@code format} library checks as kube-openapi's format
 * registry does ({@code uri}, {@code uuid}, {@code byte}, {@code date}, {@code datetime}): each returns
 * kube's problems, empty when the value is valid.
 */
final class StringFormats {
  private static final Pattern UUID = Pattern.compile(
      "(?i)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})");
  private static final Pattern TIME = Pattern.compile(
      "([0-9]{2}):([0-9]{2}):([0-9]{2})(\\.[0-9]+)?(z|[+-]([0-9]{2}):([0-9]{2}))");
  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

  private StringFormats() {}

  /** Go's {@code url.ParseRequestURI}, as {@code isURL} reads URLs: an absolute URL or an absolute path. */
  static List<String> uri(String s) {
    if (s.isEmpty()) {
      return List.of("parse \"\": empty url");
    }
    if (s.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      return List.of("parse " + quote(s) + ": net/url: invalid control character in URL");
    }
    try {
      URI u = new URI(s);
      if (u.isAbsolute() || (u.getRawPath() != null && u.getRawPath().startsWith("/"))) {
        return List.of();
      }
    } catch (URISyntaxException e) {
      // reported below
    }
    return List.of("parse " + quote(s) + ": invalid URI for request");
  }

  static List<String> uuid(String s) {
    return UUID.matcher(s).matches() ? List.of() : List.of("does not match the UUID format");
  }

  /** Standard base64 with padding, as Go's {@code base64.StdEncoding}. */
  static List<String> base64(String s) {
    String compact = s.replace("\r", "").replace("\n", "");
    try {
      if (compact.length() % 4 == 0) {
        Base64.getDecoder().decode(compact);
        return List.of();
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    return List.of("invalid base64");
  }

  /** A full date ({@code 2006-01-02}). */
  static List<String> date(String s) {
    return isDate(s) ? List.of() : List.of("invalid date");
  }

  /** An RFC 3339 date-time ({@code 2006-01-02T15:04:05Z}, fractions and offsets allowed). */
  static List<String> dateTime(String s) {
    return isDateTime(s) ? List.of() : List.of("invalid datetime");
  }

  private static boolean isDate(String s) {
    if (!s.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")) {
      return false;
    }
    try {
      LocalDate.parse(s, DATE);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean isDateTime(String s) {
    if (s.length() < 4) {
      return false;
    }
    String[] parts = s.toLowerCase(Locale.ROOT).split("t", -1);
    if (parts.length < 2 || !isDate(parts[0])) {
      return false;
    }
    Matcher m = TIME.matcher(parts[1]);
    if (!m.matches()) {
      return false;
    }
    if (Integer.parseInt(m.group(1)) > 23 || Integer.parseInt(m.group(2)) > 59 || Integer.parseInt(m.group(3)) > 59) {
      return false;
    }
    return m.group(6) == null || (Integer.parseInt(m.group(6)) <= 23 && Integer.parseInt(m.group(7)) <= 59);
  }

  private static String quote(String s) {
    return GoRuleSyntax.quote(s);
  }
}
