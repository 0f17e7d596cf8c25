package dev.customapiserver.endpoints;

import java.io.IOException;
import org.glassfish.jersey.server.ChunkedOutput;

/**
 * Where a {@link WatchStream} writes its frames, one at a time from one writer: the chunked HTTP
 * response, or a WebSocket (one message per frame). Both fail with an IOException once the client is gone.
 */
interface WatchOutput {

  /** Writes and flushes one frame (one event). */
  void write(byte[] frame) throws IOException;

  /** Ends the response or closes the socket. */
  void close() throws IOException;

  /** A chunked HTTP response: each frame one flushed chunk. */
  static WatchOutput chunked(ChunkedOutput<byte[]> out) {
    return new WatchOutput() {
      @Override
      public void write(byte[] frame) throws IOException {
        out.write(frame);
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }
}
