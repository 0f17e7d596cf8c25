package dev.customapiserver.schema;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The string formats kube-apiserver checks in custom resources (apiextensions' supported formats, as
 * kube-openapi's strfmt registry checks them). Other formats are not checked.
 */
final class Formats {
  private static final Pattern HOSTNAME = Pattern.compile(
      "^[a-zA-Z0-9\\p{S}\\p{L}]((-?[a-zA-Z0-9\\p{S}\\p{L}]{0,62})?)(\\.[a-zA-Z0-9\\p{S}\\p{L}](-?[a-zA-Z0-9\\p{S}\\p{L}]{0,62})?)*$");
  private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+$");
  private static final Pattern UUID = Pattern.compile("(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$");
  private static final Pattern UUID3 = Pattern.compile("(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$");
  private static final Pattern UUID4 = Pattern.compile("(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$");
  private static final Pattern UUID5 = Pattern.compile("(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$");
  private static final Pattern ISBN10 = Pattern.compile("^(?:[0-9]{9}X|[0-9]{10})$");
  private static final Pattern ISBN13 = Pattern.compile("^(?:[0-9]{13})$");
  private static final Pattern CREDIT_CARD = Pattern.compile(
      "^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\\d{3})\\d{11})$");
  private static final Pattern SSN = Pattern.compile("^\\d{3}[- ]?\\d{2}[- ]?\\d{4}$");
  private static final Pattern HEX_COLOR = Pattern.compile("^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$");
  private static final Pattern RGB_COLOR = Pattern.compile(
      "^rgb\\(\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*,\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*,\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*\\)$");
  private static final Pattern MAC = Pattern.compile(
      "^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$|^([0-9A-Fa-f]{2}[:-]){7}([0-9A-Fa-f]{2})$|^([0-9A-Fa-f]{4}\\.){2}([0-9A-Fa-f]{4})$");
  private static final Pattern BSON_OBJECT_ID = Pattern.compile("^[0-9a-fA-F]{24}$");
  private static final Pattern IPV4 = Pattern.compile("^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$");
  private static final Pattern DURATION = Pattern.compile(
      "^[-+]?((\\d+(\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h))+$|^0$");
  private static final Pattern STRFMT_DURATION = Pattern.compile("^\\s*(\\d+)\\s*(ns|us|µs|ms|s|m|h|d|w|nanoseconds?|microseconds?|milliseconds?|seconds?|minutes?|hours?|days?|weeks?)\\s*$");
  private static final Pattern DATE_TIME = Pattern.compile(
      "^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?$");

  private static final Map<String, Predicate<String>> CHECKS = Map.ofEntries(
      Map.entry("bsonobjectid", s -> BSON_OBJECT_ID.matcher(s).matches()),
      Map.entry("uri", Formats::uri),
      Map.entry("email", s -> EMAIL.matcher(s).matches()),
      Map.entry("hostname", s -> s.length() <= 255 && HOSTNAME.matcher(s).matches()),
      Map.entry("ipv4", s -> IPV4.matcher(s).matches()),
      Map.entry("ipv6", Formats::ipv6),
      Map.entry("cidr", Formats::cidr),
      Map.entry("mac", s -> MAC.matcher(s).matches()),
      Map.entry("uuid", s -> UUID.matcher(s).matches()),
      Map.entry("uuid3", s -> UUID3.matcher(s).matches()),
      Map.entry("uuid4", s -> UUID4.matcher(s).matches()),
      Map.entry("uuid5", s -> UUID5.matcher(s).matches()),
      Map.entry("isbn", s -> ISBN10.matcher(s.replaceAll("[- ]", "")).matches() || ISBN13.matcher(s.replaceAll("[- ]", "")).matches()),
      Map.entry("isbn10", s -> ISBN10.matcher(s.replaceAll("[- ]", "")).matches()),
      Map.entry("isbn13", s -> ISBN13.matcher(s.replaceAll("[- ]", "")).matches()),
      Map.entry("creditcard", s -> CREDIT_CARD.matcher(s.replaceAll("[- ]", "")).matches()),
      Map.entry("ssn", s -> SSN.matcher(s).matches()),
      Map.entry("hexcolor", s -> HEX_COLOR.matcher(s).matches()),
      Map.entry("rgbcolor", s -> RGB_COLOR.matcher(s).matches()),
      Map.entry("byte", Formats::base64),
      Map.entry("password", s -> true),
      Map.entry("date", Formats::date),
      Map.entry("duration", s -> DURATION.matcher(s).matches() || STRFMT_DURATION.matcher(s).matches()),
      Map.entry("date-time", Formats::dateTime),
      Map.entry("datetime", Formats::dateTime));

  private Formats() {}

  /** Whether kube checks {@code format} at all. */
  static boolean known(String format) {
    return CHECKS.containsKey(format);
  }

  /** Whether {@code value} has the (known) {@code format}. */
  static boolean valid(String format, String value) {
    Predicate<String> p = CHECKS.get(format);
    return p == null || p.test(value);
  }

  private static boolean uri(String s) {
    try {
      return !s.isEmpty() && new URI(s).getScheme() != null || s.startsWith("/");
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static boolean ipv6(String s) {
    if (!s.contains(":") || !s.matches("^[0-9a-fA-F:.]+$")) {
      return false;
    }
    try {
      return InetAddress.getByName(s) instanceof Inet6Address || s.contains("::ffff:");
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static boolean cidr(String s) {
    int slash = s.indexOf('/');
    if (slash < 0) {
      return false;
    }
    String ip = s.substring(0, slash);
    String bits = s.substring(slash + 1);
    if (!bits.matches("^\\d{1,3}$")) {
      return false;
    }
    int n = Integer.parseInt(bits);
    return IPV4.matcher(ip).matches() ? n <= 32 : ipv6(ip) && n <= 128;
  }

  private static boolean base64(String s) {
    try {
      Base64.getDecoder().decode(s);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean date(String s) {
    try {
      LocalDate.parse(s);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean dateTime(String s) {
    if (!DATE_TIME.matcher(s).matches()) {
      return false;
    }
    try {
      String normal = s.replace(' ', 'T').replace('t', 'T').replace('z', 'Z');
      if (normal.matches(".*[+-]\\d{4}$")) {
        normal = normal.substring(0, normal.length() - 2) + ":" + normal.substring(normal.length() - 2);
      }
      if (normal.matches(".*T\\d{2}:\\d{2}([Z+-].*)?$")) {
        return true; // minutes precision: strfmt accepts it
      }
      if (!normal.matches(".*([Z]|[+-]\\d{2}:\\d{2})$")) {
        return LocalDate.parse(normal.substring(0, 10)) != null;
      }
      OffsetDateTime.parse(normal);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}
