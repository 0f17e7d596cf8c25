package dev.customapiserver.filters;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.Optional;

/**
 * kube-apiserver's WebSocket bearer token: browsers cannot set {@code Authorization} on a WebSocket,
 * so they offer the subprotocol {@code base64url.bearer.authorization.k8s.io.<base64url token>} next
 * to the one they want. Read only on WebSocket handshakes; as kube, a token offered twice, badly
 * encoded, or without another subprotocol (one must remain to be echoed) is invalid.
 */
final class WebSocketProtocolToken {
  static final String PREFIX = "base64url.bearer.authorization.k8s.io.";

  /** What the subprotocols say: no token, a token, or an invalid offer. */
  record Offer(Optional<String> token, boolean invalid) {
    static final Offer NONE = new Offer(Optional.empty(), false);
    static final Offer INVALID = new Offer(Optional.empty(), true);
  }

  private WebSocketProtocolToken() {}

  static Offer of(HttpServletRequest request) {
    if (!"websocket".equalsIgnoreCase(String.valueOf(request.getHeader("Upgrade")).trim())) {
      return Offer.NONE;
    }
    String token = null;
    int others = 0;
    for (String header : Collections.list(request.getHeaders("Sec-WebSocket-Protocol"))) {
      for (String protocol : header.split(",")) {
        String p = protocol.trim();
        if (!p.startsWith(PREFIX)) {
          others += p.isEmpty() ? 0 : 1;
          continue;
        }
        if (token != null) {
          return Offer.INVALID;
        }
        token = decode(p.substring(PREFIX.length()));
        if (token == null) {
          return Offer.INVALID;
        }
      }
    }
    if (token == null) {
      return Offer.NONE;
    }
    return token.isEmpty() || others == 0 ? Offer.INVALID : new Offer(Optional.of(token), false);
  }

  /** Unpadded base64url to UTF-8, or {@code null} if either is malformed. */
  private static String decode(String encoded) {
    try {
      byte[] bytes = Base64.getUrlDecoder().decode(encoded);
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (IllegalArgumentException | CharacterCodingException e) {
      return null;
    }
  }
}
