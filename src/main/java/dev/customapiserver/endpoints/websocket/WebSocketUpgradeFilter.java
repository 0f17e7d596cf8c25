package dev.customapiserver.endpoints.websocket;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;

/**
 * Puts a {@link WebSocketUpgrade} on every WebSocket handshake request, then passes it on unchanged:
 * whoever handles the request decides whether to take the upgrade. Registered after authentication
 * and authorization, so a refused handshake is an ordinary 401/403 Status response. When the container
 * offers no Jakarta WebSocket {@code ServerContainer}, the offer says so ({@link WebSocketUpgrade#supported()}).
 */
public final class WebSocketUpgradeFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  /** The servlet context attribute where Jakarta WebSocket containers publish their {@code ServerContainer}. */
  static final String SERVER_CONTAINER = "jakarta.websocket.server.ServerContainer";
  private final Duration sendTimeout;

  /** {@code sendTimeout}: how long a message may wait for a client that does not read before the socket is given up. */
  public WebSocketUpgradeFilter(Duration sendTimeout) {
    this.sendTimeout = sendTimeout;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (WebSocketRequests.isUpgrade(request)) {
      Object container = request.getServletContext().getAttribute(SERVER_CONTAINER);
      request.setAttribute(WebSocketUpgrade.ATTRIBUTE, container == null
          ? WebSocketUpgrade.UNSUPPORTED : JakartaUpgrade.offer(container, request, response, sendTimeout));
    }
    chain.doFilter(request, response);
  }
}
