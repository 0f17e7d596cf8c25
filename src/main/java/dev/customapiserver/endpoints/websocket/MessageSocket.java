package dev.customapiserver.endpoints.websocket;

import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.Session;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One upgraded connection: the Jakarta endpoint the container drives, and the {@link OutboundMessages}
 * the server writes to. Public only because containers instantiate endpoint classes reflectively
 * (here the configurator hands them this instance). What the client sends is read and ignored, as
 * kube-apiserver does; the socket never times out for idleness (a watch may be quiet for long).
 */
public final class MessageSocket extends Endpoint implements OutboundMessages {
  private final CompletableFuture<Session> open = new CompletableFuture<>();
  private final AtomicBoolean ended = new AtomicBoolean();
  private final Runnable onClientGone;
  private final Duration sendTimeout;

  MessageSocket(Runnable onClientGone, Duration sendTimeout) {
    this.onClientGone = onClientGone;
    this.sendTimeout = sendTimeout;
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    session.setMaxIdleTimeout(0);
    session.addMessageHandler(String.class, ignored -> { });
    session.addMessageHandler(ByteBuffer.class, ignored -> { });
    open.complete(session);
  }

  @Override
  public void onClose(Session session, CloseReason reason) {
    open.completeExceptionally(new IOException("the WebSocket closed before it opened"));
    clientGone();
  }

  @Override
  public void onError(Session session, Throwable error) {
    open.completeExceptionally(error);
    clientGone();
  }

  @Override
  public void send(String text) throws IOException {
    Session session = await(open, "the WebSocket did not open");
    await(session.getAsyncRemote().sendText(text), "the client did not read");
  }

  @Override
  public void close() {
    if (ended.compareAndSet(false, true)) {
      open.thenAccept(MessageSocket::closeNormally);
    }
  }

  private void clientGone() {
    if (ended.compareAndSet(false, true)) {
      onClientGone.run();
    }
  }

  private static void closeNormally(Session session) {
    try {
      if (session.isOpen()) {
        session.close(new CloseReason(CloseReason.CloseCodes.NORMAL_CLOSURE, ""));
      }
    } catch (IOException e) {
      // the client is gone already
    }
  }

  private <T> T await(Future<T> f, String what) throws IOException {
    try {
      return f.get(sendTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IOException(e.getCause());
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new IOException(what + " within " + sendTimeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
