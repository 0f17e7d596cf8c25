package dev.customapiserver.endpoints.websocket;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerContainer;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** An upgrade through the container's Jakarta WebSocket {@link ServerContainer#upgradeHttpToWebSocket}. */
final class JakartaUpgrade implements WebSocketUpgrade {
  /** kube-apiserver's WebSocket bearer-token subprotocol; never echoed back. */
  static final String BEARER_PROTOCOL_PREFIX = "base64url.bearer.authorization.k8s.io.";
  private final ServerContainer container;
  private final HttpServletRequest request;
  private final HttpServletResponse response;
  private final Duration sendTimeout;

  private JakartaUpgrade(ServerContainer container, HttpServletRequest request, HttpServletResponse response,
      Duration sendTimeout) {
    this.container = container;
    this.request = request;
    this.response = response;
    this.sendTimeout = sendTimeout;
  }

  /** The offer for one request; {@code container} is the servlet context's {@code ServerContainer} attribute. */
  static WebSocketUpgrade offer(Object container, HttpServletRequest request, HttpServletResponse response,
      Duration sendTimeout) {
    return container instanceof ServerContainer c ? new JakartaUpgrade(c, request, response, sendTimeout) : UNSUPPORTED;
  }

  @Override
  public OutboundMessages accept(Runnable onClientGone) throws IOException {
    MessageSocket socket = new MessageSocket(onClientGone, sendTimeout);
    ServerEndpointConfig config = ServerEndpointConfig.Builder.create(MessageSocket.class, "/")
        .configurator(new ServerEndpointConfig.Configurator() {
          @Override
          public <T> T getEndpointInstance(Class<T> endpointClass) {
            return endpointClass.cast(socket);
          }

          @Override
          public String getNegotiatedSubprotocol(List<String> supported, List<String> requested) {
            return subprotocol(requested);
          }

          @Override
          public boolean checkOrigin(String originHeaderValue) {
            return true; // the bearer token, not the origin, authenticates
          }
        })
        .build();
    try {
      container.upgradeHttpToWebSocket(request, response, config, Map.of());
    } catch (DeploymentException | IllegalStateException e) {
      throw new IOException("the WebSocket upgrade failed: " + e.getMessage(), e);
    }
    return socket;
  }

  /**
   * As kube-apiserver (golang.org/x/net/websocket): the protocol the client offered is echoed back,
   * the first one if it offered several, never a bearer-token protocol; none if it offered none.
   */
  static String subprotocol(List<String> requested) {
    return requested.stream().map(String::trim).filter(p -> !p.isEmpty() && !p.startsWith(BEARER_PROTOCOL_PREFIX))
        .findFirst().orElse("");
  }
}
