package dev.customapiserver.filters;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** The decoded request path below the application's context path, e.g. {@code /api/v1}. */
final class RequestPaths {
  private RequestPaths() {}

  static String of(HttpServletRequest request) {
    String uri = request.getRequestURI();
    String context = request.getContextPath();
    String raw = context != null && uri.startsWith(context) ? uri.substring(context.length()) : uri;
    String path = URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    return path.isEmpty() ? "/" : path;
  }
}
