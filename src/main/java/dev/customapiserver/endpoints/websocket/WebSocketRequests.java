package dev.customapiserver.endpoints.websocket;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.Locale;

/** Recognizes a WebSocket opening handshake as kube-apiserver does ({@code wsstream.IsWebSocketRequest}). */
final class WebSocketRequests {
  private WebSocketRequests() {}

  /** {@code Upgrade: websocket} and a {@code Connection} header with the {@code upgrade} token, on a GET. */
  static boolean isUpgrade(HttpServletRequest request) {
    if (!"GET".equals(request.getMethod()) || !"websocket".equalsIgnoreCase(trim(request.getHeader("Upgrade")))) {
      return false;
    }
    for (String connection : Collections.list(request.getHeaders("Connection"))) {
      for (String token : connection.split(",")) {
        if (token.trim().toLowerCase(Locale.ROOT).equals("upgrade")) {
          return true;
        }
      }
    }
    return false;
  }

  private static String trim(String s) {
    return s == null ? null : s.trim();
  }
}
