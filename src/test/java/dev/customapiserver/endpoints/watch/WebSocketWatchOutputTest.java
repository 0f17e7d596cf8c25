package dev.customapiserver.endpoints.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.endpoints.websocket.OutboundMessages;
import dev.customapiserver.endpoints.websocket.WebSocketUpgrade;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A watch's WebSocket output: one message per event, whatever the chunking")
class WebSocketWatchOutputTest {

  @Test
  @DisplayName("a chunk of several JSON lines becomes one message per line, each with its newline; the end closes")
  void oneMessagePerEvent() throws Exception {
    List<String> sent = new ArrayList<>();
    boolean[] closed = {false};
    WebSocketUpgrade upgrade = onGone -> new OutboundMessages() {
      @Override
      public void send(String text) {
        sent.add(text);
      }

      @Override
      public void close() {
        closed[0] = true;
      }
    };
    WebSocketWatchOutput out = new WebSocketWatchOutput();
    out.accept(upgrade, () -> { }, () -> { });
    out.write(new byte[0]);
    out.write("{\"type\":\"ADDED\",\"object\":{\"a\":\"x\\ny\"}}\n{\"type\":\"DELETED\",\"object\":{}}\n".getBytes(StandardCharsets.UTF_8));
    out.write("{\"type\":\"ERROR\",\"object\":{}}\n".getBytes(StandardCharsets.UTF_8));
    out.close();
    assertThat(sent).containsExactly("{\"type\":\"ADDED\",\"object\":{\"a\":\"x\\ny\"}}\n", "{\"type\":\"DELETED\",\"object\":{}}\n",
        "{\"type\":\"ERROR\",\"object\":{}}\n");
    assertThat(closed[0]).isTrue();
  }
}
