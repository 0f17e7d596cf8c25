package dev.customapiserver.filters;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The WebSocket bearer-token subprotocol, read as kube-apiserver reads it")
class WebSocketProtocolTokenTest {
  static final String TOKEN_PROTOCOL = WebSocketProtocolToken.PREFIX
      + Base64.getUrlEncoder().withoutPadding().encodeToString("s3cret".getBytes(StandardCharsets.UTF_8));

  /** A request with these headers (name → values); nothing else is asked of it. */
  static HttpServletRequest request(Map<String, List<String>> headers) {
    return (HttpServletRequest) Proxy.newProxyInstance(WebSocketProtocolTokenTest.class.getClassLoader(),
        new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
          case "getHeader" -> headers.getOrDefault((String) args[0], List.of()).stream().findFirst().orElse(null);
          case "getHeaders" -> Collections.enumeration(headers.getOrDefault((String) args[0], List.of()));
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }

  static WebSocketProtocolToken.Offer offer(String... protocolHeaders) {
    return WebSocketProtocolToken.of(request(Map.of("Upgrade", List.of("websocket"), "Sec-WebSocket-Protocol",
        List.of(protocolHeaders))));
  }

  @Test
  @DisplayName("a token next to another subprotocol is the request's bearer token, in one header or several")
  void token() {
    assertThat(offer("base64.binary.k8s.io, " + TOKEN_PROTOCOL).token()).contains("s3cret");
    assertThat(offer(TOKEN_PROTOCOL, "v4.channel.k8s.io").token()).contains("s3cret");
  }

  @Test
  @DisplayName("no token protocol, or no WebSocket handshake at all: no token, nothing invalid")
  void none() {
    assertThat(offer("base64.binary.k8s.io")).isEqualTo(WebSocketProtocolToken.Offer.NONE);
    assertThat(WebSocketProtocolToken.of(request(Map.of("Sec-WebSocket-Protocol", List.of("x, " + TOKEN_PROTOCOL)))).token())
        .as("a plain HTTP request").isEqualTo(Optional.empty());
  }

  @Test
  @DisplayName("invalid: the token alone (nothing left to echo), offered twice, or not base64url")
  void invalid() {
    assertThat(offer(TOKEN_PROTOCOL).invalid()).isTrue();
    assertThat(offer("x, " + TOKEN_PROTOCOL + ", " + TOKEN_PROTOCOL).invalid()).isTrue();
    assertThat(offer("x, " + WebSocketProtocolToken.PREFIX + "not*base64").invalid()).isTrue();
  }
}
