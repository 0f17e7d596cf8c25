package dev.customapiserver.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** A plain HTTP watch stream read line by line (one JSON event a line) on a daemon thread. */
final class LineWatch extends WatchEvents {
  private final InputStream body;

  LineWatch(InputStream body) {
    super("chunked HTTP");
    this.body = body;
    Thread t = new Thread(this::read, "line-watch-reader");
    t.setDaemon(true);
    t.start();
  }

  private void read() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
      for (String l; (l = in.readLine()) != null; ) {
        if (!l.isBlank()) {
          received(l);
        }
      }
      ended("end of stream");
    } catch (IOException | RuntimeException e) {
      ended(e.toString());
    }
  }

  @Override
  public void close() throws IOException {
    body.close();
  }
}
