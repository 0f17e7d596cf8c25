package dev.customapiserver.endpoints.watch;

import java.io.IOException;
import org.glassfish.jersey.server.ChunkedOutput;

/**
 * Where a {@link WatchStream} writes its chunks. A non-blocking output ({@link ServletWatchOutput})
 * says when it cannot take a chunk now and calls the stream back once it can, so no thread waits
 * for a slow client; Jersey's {@link ChunkedOutput} (used when the hand-off filter is not installed)
 * always takes a chunk and blocks the writer instead.
 */
public interface WatchOutput {

  /** Starts the output; it calls {@code resume} whenever it becomes ready after {@link #ready()} said no. */
  void start(Runnable resume);

  /** Whether a chunk can be written now without blocking; false promises a later {@code resume}. */
  boolean ready();

  /** Writes and flushes one chunk (the empty chunk only flushes the headers); only after {@link #ready()} said yes. */
  void write(byte[] chunk) throws IOException;

  /** Ends the response after what was written. Idempotent. */
  void close();

  /** Jersey's blocking chunked output. */
  static WatchOutput chunked(ChunkedOutput<byte[]> out) {
    return new WatchOutput() {
      @Override
      public void start(Runnable resume) {
        resume.run();
      }

      @Override
      public boolean ready() {
        return true;
      }

      @Override
      public void write(byte[] chunk) throws IOException {
        if (chunk.length > 0) {
          out.write(chunk);
        }
      }

      @Override
      public void close() {
        try {
          out.close();
        } catch (IOException e) {
          // the client is gone already
        }
      }
    };
  }
}
