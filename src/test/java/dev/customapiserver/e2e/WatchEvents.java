package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The events of a ConfigMap watch as "TYPE name data.k" (BOOKMARKs skipped), whatever carries them;
 * waits are bounded.
 */
abstract class WatchEvents implements AutoCloseable {
  private static final long WAIT_SECONDS = 60;
  private final BlockingQueue<String> events = new LinkedBlockingQueue<>();
  private final String transport;

  WatchEvents(String transport) {
    this.transport = transport;
  }

  /** One watch event as the server sent it (a JSON object). */
  final void received(String json) {
    JsonNode e = FooRequests.read(json);
    if (!e.path("type").asText().equals("BOOKMARK")) {
      JsonNode object = e.path("object");
      events.add(e.path("type").asText() + " " + object.path("metadata").path("name").asText() + " "
          + object.path("data").path("k").asText());
    }
  }

  /** The transport ended or failed. */
  final void ended(String why) {
    events.add("END " + why);
  }

  String next() throws InterruptedException {
    String e = events.poll(WAIT_SECONDS, TimeUnit.SECONDS);
    assertThat(e).as("a " + transport + " event within " + WAIT_SECONDS + " s").isNotNull();
    return e;
  }

  @Override
  public String toString() {
    return transport + " watch";
  }
}
