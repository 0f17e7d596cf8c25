package dev.customapiserver.request;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Whether a client gets its JSON indented, as kube-apiserver decides it: a {@code pretty} query
 * parameter that Go's {@code strconv.ParseBool} reads as true (any other value as false), else a
 * user agent starting with {@code curl}, {@code Wget} or {@code Mozilla/5.0} (people at a terminal
 * or in a browser).
 */
public final class PrettyOutput {
  private PrettyOutput() {}

  public static boolean wanted(String rawQuery, String userAgent) {
    if (rawQuery != null && rawQuery.contains("pretty")) {
      String asked = first(rawQuery);
      if (asked != null && !asked.isEmpty()) {
        return switch (asked) {
          case "1", "t", "T", "TRUE", "true", "True" -> true;
          default -> false;
        };
      }
    }
    return userAgent != null
        && (userAgent.startsWith("curl") || userAgent.startsWith("Wget") || userAgent.startsWith("Mozilla/5.0"));
  }

  /** The first {@code pretty} value of the query, decoded; null when absent. */
  private static String first(String rawQuery) {
    for (String pair : rawQuery.split("&")) {
      int eq = pair.indexOf('=');
      try {
        String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        if (name.equals("pretty")) {
          return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        }
      } catch (IllegalArgumentException e) {
        // a malformed escape: Go's url.Query drops the pair
      }
    }
    return null;
  }
}
