package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A watch over the JDK's WebSocket client: every text message in a queue, the close code when the server closes. */
final class WebSocketWatchClient implements AutoCloseable {
  private static final long WAIT_SECONDS = 15;
  private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
  private final CompletableFuture<Integer> closed = new CompletableFuture<>();
  private final WebSocket socket;

  private WebSocketWatchClient(URI uri, String token, String... subprotocols) throws Exception {
    WebSocket.Builder b = HttpClient.newHttpClient().newWebSocketBuilder();
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    if (subprotocols.length > 0) {
      b.subprotocols(subprotocols[0], java.util.Arrays.copyOfRange(subprotocols, 1, subprotocols.length));
    }
    socket = b.buildAsync(uri, new WebSocket.Listener() {
      private final StringBuilder partial = new StringBuilder();

      @Override
      public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
          messages.add(partial.toString());
          partial.setLength(0);
        }
        ws.request(1);
        return null;
      }

      @Override
      public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
      }

      @Override
      public void onError(WebSocket ws, Throwable error) {
        closed.completeExceptionally(error);
      }
    }).get(WAIT_SECONDS, TimeUnit.SECONDS);
  }

  /** Opens a watch at {@code uri} (a ws:// URL), waiting boundedly for the handshake; {@code token} may be null. */
  static WebSocketWatchClient open(URI uri, String token, String... subprotocols) throws Exception {
    return new WebSocketWatchClient(uri, token, subprotocols);
  }

  WebSocket socket() {
    return socket;
  }

  /** The next message, waiting boundedly. */
  String next() throws InterruptedException {
    String m = messages.poll(WAIT_SECONDS, TimeUnit.SECONDS);
    assertThat(m).as("a message within " + WAIT_SECONDS + " s").isNotNull();
    return m;
  }

  /** The close code the server sent, waiting boundedly. */
  int closeCode() throws Exception {
    return closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    socket.abort();
  }
}
