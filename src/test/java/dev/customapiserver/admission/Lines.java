package dev.customapiserver.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A streamed response (a watch) read line by line in the background; {@link #next} waits boundedly. */
final class Lines implements AutoCloseable {
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final CompletableFuture<HttpResponse<Stream<String>>> response;

  Lines(URI uri) {
    response = HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofLines());
    response.thenAcceptAsync(r -> r.body().forEach(lines::add));
  }

  /** The next line as JSON, waiting at most {@code timeout}. */
  JsonNode next(Duration timeout) throws Exception {
    String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (line == null) {
      throw new AssertionError("no line within " + timeout);
    }
    return AdmissionFixtures.JSON.readTree(line);
  }

  @Override
  public void close() {
    response.cancel(true);
    response.thenAccept(r -> r.body().close());
  }
}
