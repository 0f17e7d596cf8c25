package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A watch on a {@link ServerProcess} read line by line on a daemon thread; each event is stamped
 * with {@link System#nanoTime()} when its line arrived. Waits are bounded.
 */
final class HttpsWatch implements AutoCloseable {
  private static final long WAIT_SECONDS = 30;
  private static final Event END = new Event("END", "", "", 0, null);
  private final HttpResponse<InputStream> response;
  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();

  /** One watch event: type, object name, object resourceVersion, arrival time, the whole line. */
  record Event(String type, String name, String resourceVersion, long receivedNanos, JsonNode json) {
    long rv() {
      return Long.parseLong(resourceVersion);
    }

    /** What two watchers must agree on. */
    String summary() {
      return type + " " + name + " " + resourceVersion;
    }
  }

  private HttpsWatch(HttpResponse<InputStream> response) {
    this.response = response;
    Thread t = new Thread(this::read, "https-watch-reader");
    t.setDaemon(true);
    t.start();
  }

  /** Opens {@code path} (with {@code watch=true} in it) and asserts the 200. */
  static HttpsWatch open(ServerProcess server, String path) throws IOException, InterruptedException {
    HttpResponse<InputStream> r = server.stream(path);
    assertThat(r.statusCode()).as("watch status of " + path).isEqualTo(200);
    return new HttpsWatch(r);
  }

  private void read() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      for (String l; (l = in.readLine()) != null; ) {
        long now = System.nanoTime();
        JsonNode e = FooRequests.read(l);
        JsonNode meta = e.path("object").path("metadata");
        events.add(new Event(e.path("type").asText(), meta.path("name").asText(), meta.path("resourceVersion").asText(),
            now, e));
      }
    } catch (IOException | UncheckedIOException e) {
      // closed by the test, or the server went away
    }
    events.add(END);
  }

  /** The next event other than BOOKMARK, waiting boundedly; fails at the end of the stream. */
  Event next() throws InterruptedException {
    while (true) {
      Event e = events.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(e).as("a watch event within " + WAIT_SECONDS + " s").isNotNull();
      assertThat(e).as("the watch stream ended").isNotSameAs(END);
      if (!e.type().equals("BOOKMARK")) {
        return e;
      }
    }
  }

  /** Waits (boundedly) for the server to end the stream; only BOOKMARKs may come before the end. */
  void awaitEnd() throws InterruptedException {
    while (true) {
      Event e = events.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(e).as("the end of the watch stream within " + WAIT_SECONDS + " s").isNotNull();
      if (e == END) {
        return;
      }
      assertThat(e.type()).as("no event but BOOKMARK before the end: " + e.summary()).isEqualTo("BOOKMARK");
    }
  }

  /** The next {@code n} events. */
  List<Event> next(int n) throws InterruptedException {
    List<Event> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(next());
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    response.body().close();
  }
}
