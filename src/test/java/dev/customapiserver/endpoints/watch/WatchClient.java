package dev.customapiserver.endpoints.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A watch response read line by line on a background thread, with bounded waits: the test sees the
 * status and headers as soon as they arrive, then each line as it is flushed.
 */
public final class WatchClient implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final String EOF = "\u0000EOF";
  private static final long WAIT_SECONDS = 15;
  private final HttpResponse<InputStream> response;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

  private WatchClient(HttpResponse<InputStream> response, boolean read) {
    this.response = response;
    if (read) {
      startReading();
    }
  }

  /** Opens a watch (headers as name, value pairs) and waits, boundedly, for its status line and headers. */
  public static WatchClient open(URI uri, String... headers) throws Exception {
    return open(uri, true, headers);
  }

  /** Like {@link #open(URI, String...)}; with {@code read} false nothing is read until {@link #startReading}. */
  static WatchClient open(URI uri, boolean read, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    HttpResponse<InputStream> r = HttpClient.newHttpClient().sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream())
        .get(WAIT_SECONDS, TimeUnit.SECONDS);
    return new WatchClient(r, read);
  }

  HttpResponse<InputStream> response() {
    return response;
  }

  void startReading() {
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
        for (String l; (l = in.readLine()) != null; ) {
          lines.add(l);
        }
      } catch (IOException e) {
        // closed by the test or the server
      }
      lines.add(EOF);
    }, "watch-test-reader");
    t.setDaemon(true);
    t.start();
  }

  /** The next line, waiting boundedly; fails at the end of the stream. */
  String nextLine() throws InterruptedException {
    String l = lines.poll(WAIT_SECONDS, TimeUnit.SECONDS);
    if (l == null) {
      fail("no watch line within " + WAIT_SECONDS + " s");
    }
    if (l.equals(EOF)) {
      fail("the watch stream ended");
    }
    return l;
  }

  /** The next event (a JSON line). */
  public JsonNode next() throws Exception {
    return JSON.readTree(nextLine());
  }

  /** A line already received, without waiting. */
  Optional<String> pending() {
    return Optional.ofNullable(lines.peek());
  }

  /** Waits, boundedly, for the end of the stream; fails on any further line. */
  void assertEnds() throws InterruptedException {
    String l = lines.poll(WAIT_SECONDS, TimeUnit.SECONDS);
    assertThat(l).as("end of stream").isEqualTo(EOF);
  }

  @Override
  public void close() throws IOException {
    response.body().close();
  }
}
