package dev.customapiserver.e2e;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * A watch over the JDK's WebSocket client: {@link #open} returns only after the server answered the
 * handshake with 101 Switching Protocols; each message (text or binary) is one JSON event.
 */
final class SocketWatch extends WatchEvents {
  private WebSocket socket;

  private SocketWatch() {
    super("WebSocket");
  }

  static SocketWatch open(HttpClient http, URI wss, String token) throws Exception {
    SocketWatch watch = new SocketWatch();
    watch.socket = http.newWebSocketBuilder().header("Authorization", "Bearer " + token)
        .buildAsync(wss, watch.new Listener()).get(60, TimeUnit.SECONDS);
    return watch;
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder text = new StringBuilder();
    private final java.io.ByteArrayOutputStream binary = new java.io.ByteArrayOutputStream();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      text.append(data);
      if (last) {
        received(text.toString());
        text.setLength(0);
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
      byte[] bytes = new byte[data.remaining()];
      data.get(bytes);
      binary.writeBytes(bytes);
      if (last) {
        received(binary.toString(StandardCharsets.UTF_8));
        binary.reset();
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
      ended("closed " + statusCode + " " + reason);
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      ended(error.toString());
    }
  }

  @Override
  public void close() {
    socket.abort();
  }
}
