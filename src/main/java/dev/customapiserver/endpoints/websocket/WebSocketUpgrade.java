package dev.customapiserver.endpoints.websocket;

import java.io.IOException;

/**
 * The offer to turn the current HTTP request into a WebSocket, found as the request attribute (JAX-RS
 * property) {@link #ATTRIBUTE} when the client asked for an upgrade. The REST layer validates the
 * request first (errors stay plain HTTP responses) and then calls {@link #accept}; the switch to the
 * WebSocket protocol completes when the request handler returns.
 */
public interface WebSocketUpgrade {
  /** The request attribute holding the offer. */
  String ATTRIBUTE = WebSocketUpgrade.class.getName();

  /** The offer of a container without WebSocket support: {@link #accept} always fails. */
  WebSocketUpgrade UNSUPPORTED = new WebSocketUpgrade() {
    @Override
    public boolean supported() {
      return false;
    }

    @Override
    public OutboundMessages accept(Runnable onClientGone) throws IOException {
      throw new IOException("the servlet container does not support WebSocket");
    }
  };

  /** Whether the container can upgrade at all. */
  default boolean supported() {
    return true;
  }

  /**
   * Answers the handshake (101 Switching Protocols) and returns the outbound side of the socket.
   * {@code onClientGone} runs once if the client closes the socket, or it fails, before the server closes it.
   *
   * @throws IOException if the container refused the upgrade
   */
  OutboundMessages accept(Runnable onClientGone) throws IOException;
}
