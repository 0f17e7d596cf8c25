package dev.customapiserver.endpoints.watch;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.websocket.OutboundMessages;
import dev.customapiserver.endpoints.websocket.WebSocketUpgrade;
import dev.customapiserver.storage.Watch;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A watch over WebSocket, as kube-apiserver serves it: each event (the same JSON as a line of the
 * chunked stream, newline included) is one text message; the end of the watch (timeout, ERROR event, shutdown) closes the
 * socket normally, and a client closing the socket ends the watch. The storage watch starts before the
 * upgrade is accepted, so that its errors (410 Expired, 400) are still plain HTTP Status responses;
 * events that come before the socket opens wait for it.
 */
public final class WebSocketWatchOutput implements WatchOutput {
  private final CompletableFuture<OutboundMessages> socket = new CompletableFuture<>();

  /**
   * The upgrade the client asked for, or {@code null} for a plain HTTP watch.
   *
   * @throws dev.customapiserver.api.errors.ApiException 503 if the servlet container cannot upgrade; clients
   *     such as fabric8 then watch over HTTP, as they do with a kube-apiserver behind a proxy without WebSocket
   */
  public static WebSocketUpgrade requested(Call call) {
    if (!(call.property(WebSocketUpgrade.ATTRIBUTE) instanceof WebSocketUpgrade upgrade)) {
      return null;
    }
    if (!upgrade.supported()) {
      throw Errors.serviceUnavailable("watch over WebSocket is not available: the servlet container has no "
          + "Jakarta WebSocket support; watch over HTTP instead");
    }
    return upgrade;
  }

  /** What the REST handler answers once the upgrade is accepted (the container sends the 101 itself). */
  public static Response switchingProtocols() {
    return Response.status(101).build();
  }

  /**
   * Accepts the upgrade; {@code onClientGone} ends the stream when the client closes the socket.
   * A refused upgrade closes {@code storageWatch} and is a 400 Status.
   */
  public void accept(WebSocketUpgrade upgrade, Runnable onClientGone, Watch storageWatch) {
    try {
      socket.complete(upgrade.accept(onClientGone));
    } catch (IOException e) {
      socket.completeExceptionally(e);
      storageWatch.close();
      throw Errors.badRequest(e.getMessage());
    }
  }

  /** Resumes the stream once the upgrade is accepted (or has failed, so that its next write fails). */
  @Override
  public void start(Runnable resume) {
    socket.whenComplete((messages, failure) -> resume.run());
  }

  /** Always: {@link #write} waits for the socket (boundedly, see {@link OutboundMessages#send}). */
  @Override
  public boolean ready() {
    return true;
  }

  /**
   * Sends each event of the chunk as its own message: a chunk may hold several JSON lines (a stream
   * may batch what queued up), and WebSocket clients such as fabric8 read exactly one event per
   * message. JSON escapes line breaks inside strings, so every {@code \n} ends an event.
   */
  @Override
  public void write(byte[] chunk) throws IOException {
    OutboundMessages messages = messages();
    String text = new String(chunk, StandardCharsets.UTF_8);
    for (int start = 0, end; start < text.length(); start = end + 1) {
      end = text.indexOf('\n', start);
      if (end < 0) {
        end = text.length() - 1;
      }
      messages.send(text.substring(start, end + 1));
    }
  }

  @Override
  public void close() {
    socket.thenAccept(OutboundMessages::close);
  }

  private OutboundMessages messages() throws IOException {
    try {
      return socket.get();
    } catch (ExecutionException e) {
      throw new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
