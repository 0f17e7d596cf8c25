package dev.customapiserver.endpoints.watch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Watch over HTTP: too old resourceVersions and clients too slow to keep up end in 410 Expired")
class WatchLimitsTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/limits/widgets";
  static MemoryStorageBackend backend;
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    backend = new MemoryStorageBackend();
    server = new TestServer(List.of(Widgets.group()), backend, RestApi.Settings.DEFAULT.withWatchBufferEvents(2));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static String create(String name, String annotation) throws Exception {
    HttpResponse<String> r = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"" + name + "\",\"annotations\":{\"big\":\""
        + annotation + "\"}},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return WatchClient.JSON.readTree(r.body()).at("/metadata/resourceVersion").asText();
  }

  @Test
  @DisplayName("a resourceVersion older than the history kept is an HTTP 410 Status Expired before any stream")
  void tooOld() throws Exception {
    create("old-1", "x");
    String rv = create("old-2", "x");
    backend.expireBefore(Long.parseLong(rv));
    HttpResponse<String> r = server.send("GET", WIDGETS + "?watch=true&resourceVersion=1", null);
    assertThat(r.statusCode()).isEqualTo(410);
    JsonNode s = WatchClient.JSON.readTree(r.body());
    assertThat(s.at("/kind").asText()).isEqualTo("Status");
    assertThat(s.at("/reason").asText()).isEqualTo("Expired");
    assertThat(s.at("/code").asInt()).isEqualTo(410);
    assertThat(s.at("/message").asText()).contains("too old resource version");
  }

  @Test
  @DisplayName("a client that does not read falls behind; the stream ends with an ERROR event 410 Expired once it reads")
  void slowClient() throws Exception {
    String big = "x".repeat(128 * 1024);
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(4096);
      socket.connect(new java.net.InetSocketAddress(server.base().getHost(), server.base().getPort()));
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + WIDGETS + "?watch=true&resourceVersion=0&labelSelector=slow%3Dyes HTTP/1.1\r\nHost: localhost\r\n"
          + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String head = readHead(in);
      assertThat(head).startsWith("HTTP/1.1 200");
      // Far more than the socket buffers hold (about 4 MiB here), so the server's buffer of 2 overflows.
      for (int i = 0; i < 120; i++) {
        HttpResponse<String> r = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"slow-" + i
            + "\",\"labels\":{\"slow\":\"yes\"},\"annotations\":{\"big\":\"" + big + "\"}},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
        assertThat(r.statusCode()).isEqualTo(201);
      }
      String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int last = body.lastIndexOf("{\"type\":");
      JsonNode error = WatchClient.JSON.readTree(body.substring(last, body.indexOf('\n', last)));
      assertThat(error.at("/type").asText()).isEqualTo("ERROR");
      assertThat(error.at("/object/kind").asText()).isEqualTo("Status");
      assertThat(error.at("/object/code").asInt()).isEqualTo(410);
      assertThat(error.at("/object/reason").asText()).isEqualTo("Expired");
      assertThat(error.at("/object/message").asText()).contains("too slow");
      assertThat(body.split("\"type\":\"ADDED\"", -1).length - 1).as("events before the overflow").isLessThan(120);
    }
  }

  @Test
  @DisplayName("more clients that stop reading than there are writer threads do not delay a watcher that reads")
  void stalledClientsHoldNoWriter() throws Exception {
    String big = "x".repeat(128 * 1024);
    List<Socket> stalled = new java.util.ArrayList<>();
    try {
      for (int i = 0; i < Watches.WRITERS + 2; i++) {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new java.net.InetSocketAddress(server.base().getHost(), server.base().getPort()));
        socket.getOutputStream().write(("GET " + WIDGETS + "?watch=true&resourceVersion=0&labelSelector=stall%3Dyes HTTP/1.1\r\n"
            + "Host: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        assertThat(readHead(socket.getInputStream())).startsWith("HTTP/1.1 200");
        stalled.add(socket);
      }
      // Far more than the socket buffers of each stalled client hold: a blocking write would wait on each of them.
      for (int i = 0; i < 120; i++) {
        HttpResponse<String> r = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"stall-" + i
            + "\",\"labels\":{\"stall\":\"yes\"},\"annotations\":{\"big\":\"" + big + "\"}},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
        assertThat(r.statusCode()).isEqualTo(201);
      }
      try (WatchClient w = WatchClient.open(java.net.URI.create(server.base() + WIDGETS + "?watch=true&labelSelector=reads%3Dyes"))) {
        assertThat(w.response().statusCode()).isEqualTo(200);
        HttpResponse<String> r = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"reads-1\",\"labels\":{\"reads\":\"yes\"}},"
            + "\"spec\":{\"paint\":{\"color\":\"red\"}}}");
        assertThat(r.statusCode()).isEqualTo(201);
        JsonNode e = w.next();
        assertThat(e.at("/type").asText()).isEqualTo("ADDED");
        assertThat(e.at("/object/metadata/name").asText()).isEqualTo("reads-1");
      }
    } finally {
      for (Socket s : stalled) {
        s.close();
      }
    }
  }

  private static String readHead(InputStream in) throws Exception {
    StringBuilder sb = new StringBuilder();
    while (!sb.toString().endsWith("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        break;
      }
      sb.append((char) c);
    }
    return sb.toString();
  }

  @Test
  @DisplayName("a watch the store ends later (history gone) ends with an ERROR event 410 Expired after the events before it")
  void storeEndsWatch() throws Exception {
    try (WatchClient w = WatchClient.open(java.net.URI.create(server.base() + WIDGETS + "?watch=true&labelSelector=late%3Dyes"))) {
      assertThat(w.response().statusCode()).isEqualTo(200);
      HttpResponse<String> r = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"late-1\",\"labels\":{\"late\":\"yes\"}},"
          + "\"spec\":{\"paint\":{\"color\":\"red\"}}}");
      assertThat(r.statusCode()).isEqualTo(201);
      assertThat(w.next().at("/type").asText()).isEqualTo("ADDED");
      backend.expireOpenWatches();
      JsonNode e = w.next();
      assertThat(e.at("/type").asText()).isEqualTo("ERROR");
      assertThat(e.at("/object/apiVersion").asText()).isEqualTo("v1");
      assertThat(e.at("/object/status").asText()).isEqualTo("Failure");
      assertThat(e.at("/object/reason").asText()).isEqualTo("Expired");
      assertThat(e.at("/object/code").asInt()).isEqualTo(410);
      w.assertEnds();
    }
  }

  @Test
  @DisplayName("a client that goes away has its storage watch closed at the next event")
  void disconnectClosesStorageWatch() throws Exception {
    int before = backend.openWatches();
    WatchClient w = WatchClient.open(java.net.URI.create(server.base() + WIDGETS + "?watch=true&labelSelector=bye%3Dyes"));
    assertThat(backend.openWatches()).isEqualTo(before + 1);
    w.close();
    for (int i = 0; i < 200 && backend.openWatches() > before; i++) {
      server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"bye-" + i + "\",\"labels\":{\"bye\":\"yes\"}},"
          + "\"spec\":{\"paint\":{\"color\":\"red\"}}}");
    }
    assertThat(backend.openWatches()).isEqualTo(before);
  }
}
