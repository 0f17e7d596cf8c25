package dev.customapiserver.endpoints.watch;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;

/**
 * A watch response written with servlet non-blocking I/O: chunks are written only when the
 * container says the connection can take them ({@code isReady}), and the container calls back
 * ({@code onWritePossible}) when a client that was slow has read again. A client that stops
 * reading holds no thread: its stream's buffer fills and ends it with a 410, and the connection's
 * idle timeout (or its reading again) finishes the response.
 */
public final class ServletWatchOutput implements WatchOutput, WriteListener {
  private final AsyncContext async;
  private final ServletOutputStream out;
  private volatile Runnable resume = () -> {};
  private volatile Throwable failed;
  private boolean closed;

  ServletWatchOutput(AsyncContext async) throws IOException {
    this.async = async;
    this.out = async.getResponse().getOutputStream();
  }

  @Override
  public void start(Runnable onReady) {
    resume = onReady;
    out.setWriteListener(this);
  }

  @Override
  public boolean ready() {
    return failed != null || out.isReady(); // after a failure, write throws and the stream ends
  }

  @Override
  public void write(byte[] chunk) throws IOException {
    if (failed != null) {
      throw new IOException("watch client connection failed", failed);
    }
    if (chunk.length > 0) {
      out.write(chunk);
    }
    if (out.isReady()) {
      out.flush();
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      async.complete();
    } catch (IllegalStateException e) {
      // the container ended the request already (client gone, idle timeout)
    }
  }

  @Override
  public void onWritePossible() {
    resume.run();
  }

  @Override
  public void onError(Throwable t) {
    failed = t;
    resume.run();
  }
}
