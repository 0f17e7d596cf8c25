package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.testing.MemoryStorageBackend;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Watch over WebSocket (embedded Jetty, the production filters): as kube-apiserver serves it")
class WebSocketWatchTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String TOKEN = InProcessApiServer.TOKEN;
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/ws/widgets";
  @TempDir static Path dir;
  static InProcessApiServer server;
  static MemoryStorageBackend backend;
  static URI base;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    server = new InProcessApiServer(dir);
    backend = server.backend;
    base = server.base;
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static URI ws(String pathAndQuery) {
    return server.ws(pathAndQuery);
  }

  HttpResponse<String> send(String method, String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + TOKEN)
        .header("Content-Type", "application/json")
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  String create(String name, String color, String labels) throws Exception {
    HttpResponse<String> r = send("POST", WIDGETS, "{\"metadata\":{\"name\":\"" + name + "\",\"labels\":{" + labels + "}},"
        + "\"spec\":{\"paint\":{\"color\":\"" + color + "\"}}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return JSON.readTree(r.body()).at("/metadata/resourceVersion").asText();
  }

  /** A raw WebSocket handshake: the status line, headers and body of the answer. */
  static String handshake(String pathAndQuery, String authorization, String... headerLines) throws Exception {
    return handshake(base, pathAndQuery, authorization, headerLines);
  }

  static String handshake(URI base, String pathAndQuery, String authorization, String... headerLines) throws Exception {
    try (Socket s = new Socket(base.getHost(), base.getPort())) {
      OutputStream out = s.getOutputStream();
      out.write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
          + (authorization == null ? "" : "Authorization: " + authorization + "\r\n") + String.join("", headerLines.length == 0
              ? List.of() : List.of(String.join("\r\n", headerLines) + "\r\n")) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      s.setSoTimeout(15_000);
      InputStream in = s.getInputStream();
      StringBuilder head = new StringBuilder();
      while (!head.toString().endsWith("\r\n\r\n")) {
        int c = in.read();
        if (c < 0) {
          break;
        }
        head.append((char) c);
      }
      int length = head.toString().toLowerCase(java.util.Locale.ROOT).lines().filter(l -> l.startsWith("content-length:"))
          .map(l -> Integer.parseInt(l.substring(15).trim())).findFirst().orElse(0);
      return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
  }

  @Test
  @DisplayName("without a token the handshake is system:anonymous, answered 403 with the Forbidden Status, not upgraded")
  void unauthorized() throws Exception {
    String answer = handshake(WIDGETS + "?watch=true", null);
    assertThat(answer).startsWith("HTTP/1.1 403").doesNotContainIgnoringCase("Upgrade: websocket")
        .contains("\"reason\":\"Forbidden\"").contains("User \\\"system:anonymous\\\" cannot watch");
  }

  @Test
  @DisplayName("a user the authorizer denies gets the 403 Forbidden Status, not an upgrade")
  void forbidden(@TempDir Path otherDir) throws Exception {
    try (InProcessApiServer denying = new InProcessApiServer(otherDir, a -> Authorizer.Decision.deny(""))) {
      String answer = handshake(denying.base, WIDGETS + "?watch=true", "Bearer " + TOKEN);
      assertThat(answer).startsWith("HTTP/1.1 403").doesNotContainIgnoringCase("Upgrade: websocket")
          .contains("\"reason\":\"Forbidden\"").contains("cannot watch resource \\\"widgets\\\"");
    }
  }

  @Test
  @DisplayName("a resourceVersion older than the history kept is an HTTP 410 Expired Status, not an upgrade")
  void tooOld() throws Exception {
    create("old-1", "red", "");
    String rv = create("old-2", "red", "");
    backend.expireBefore(Long.parseLong(rv));
    String answer = handshake(WIDGETS + "?watch=true&resourceVersion=1", "Bearer " + TOKEN);
    assertThat(answer).startsWith("HTTP/1.1 410");
    JsonNode status = JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
    assertThat(status.at("/kind").asText()).isEqualTo("Status");
    assertThat(status.at("/reason").asText()).isEqualTo("Expired");
    assertThat(status.at("/code").asInt()).isEqualTo(410);
  }

  @Test
  @DisplayName("a valid handshake is 101 Switching Protocols; events from a resourceVersion come one per text message, in order")
  void eventsInOrder() throws Exception {
    String rv = create("first", "red", "\"team\":\"a\"");
    try (WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&labelSelector=team%3Da&resourceVersion=" + rv),
        TOKEN)) {
      create("second", "blue", "\"team\":\"a\"");
      create("other", "blue", "\"team\":\"b\"");
      assertThat(send("DELETE", WIDGETS + "/first", null).statusCode()).isEqualTo(200);
      String added = w.next();
      assertThat(added).as("one JSON event per message, newline-terminated like a line of the chunked stream").endsWith("}\n");
      JsonNode e = JSON.readTree(added);
      assertThat(e.at("/type").asText()).isEqualTo("ADDED");
      assertThat(e.at("/object/metadata/name").asText()).isEqualTo("second");
      assertThat(e.at("/object/apiVersion").asText()).isEqualTo("test.example.com/v2");
      assertThat(e.at("/object/kind").asText()).isEqualTo("Widget");
      assertThat(e.at("/object/spec/paint/color").asText()).isEqualTo("blue");
      JsonNode deleted = JSON.readTree(w.next());
      assertThat(deleted.at("/type").asText()).isEqualTo("DELETED");
      assertThat(deleted.at("/object/metadata/name").asText()).isEqualTo("first");
    }
  }

  @Test
  @DisplayName("a large object (200 KB) arrives whole, as one message")
  void largeObject() throws Exception {
    String big = "x".repeat(200 * 1024);
    try (WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&labelSelector=size%3Dbig"), TOKEN)) {
      HttpResponse<String> r = send("POST", WIDGETS, "{\"metadata\":{\"name\":\"big\",\"labels\":{\"size\":\"big\"},"
          + "\"annotations\":{\"big\":\"" + big + "\"}},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      assertThat(JSON.readTree(w.next()).at("/object/metadata/annotations/big").asText()).isEqualTo(big);
    }
  }

  @Test
  @DisplayName("the watch's end (timeoutSeconds) closes the socket normally (1000) after the events")
  void timeoutCloses() throws Exception {
    try (WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&timeoutSeconds=1&labelSelector=t%3Dx"),
        TOKEN)) {
      assertThat(w.closeCode()).isEqualTo(WebSocket.NORMAL_CLOSURE);
    }
  }

  @Test
  @DisplayName("a watch the store ends (history gone) sends an ERROR event 410 Expired, then closes")
  void errorEventThenClose() throws Exception {
    try (WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&labelSelector=late%3Dyes"), TOKEN)) {
      create("late-1", "red", "\"late\":\"yes\"");
      assertThat(JSON.readTree(w.next()).at("/type").asText()).isEqualTo("ADDED");
      backend.expireOpenWatches();
      JsonNode e = JSON.readTree(w.next());
      assertThat(e.at("/type").asText()).isEqualTo("ERROR");
      assertThat(e.at("/object/code").asInt()).isEqualTo(410);
      assertThat(e.at("/object/reason").asText()).isEqualTo("Expired");
      assertThat(w.closeCode()).isEqualTo(WebSocket.NORMAL_CLOSURE);
    }
  }

  @Test
  @DisplayName("the subprotocol a client offers is echoed, as kube-apiserver does (e.g. base64.binary.k8s.io)")
  void subprotocol() throws Exception {
    try (WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&labelSelector=p%3Dq"), TOKEN,
        "base64.binary.k8s.io")) {
      assertThat(w.socket().getSubprotocol()).isEqualTo("base64.binary.k8s.io");
    }
  }

  @Test
  @DisplayName("a client closing the socket ends the watch: its storage watch is closed")
  void clientCloses() throws Exception {
    int before = backend.openWatches();
    WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&labelSelector=bye%3Dyes"), TOKEN);
    assertThat(backend.openWatches()).isEqualTo(before + 1);
    w.socket().sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
    assertThat(w.closeCode()).isEqualTo(WebSocket.NORMAL_CLOSURE);
    for (int i = 0; i < 200 && backend.openWatches() > before; i++) {
      create("bye-" + i, "red", "\"bye\":\"yes\"");
    }
    assertThat(backend.openWatches()).isEqualTo(before);
  }

  @Test
  @DisplayName("a browser's bearer token in the subprotocol base64url.bearer.authorization.k8s.io.<token> authenticates; "
      + "only the other protocol is echoed")
  void tokenInSubprotocol() throws Exception {
    String tokenProtocol = "base64url.bearer.authorization.k8s.io."
        + Base64.getUrlEncoder().withoutPadding().encodeToString(TOKEN.getBytes(StandardCharsets.UTF_8));
    try (WebSocketWatchClient w = WebSocketWatchClient.open(ws(WIDGETS + "?watch=true&labelSelector=browser%3Dyes"), null,
        "base64.binary.k8s.io", tokenProtocol)) {
      assertThat(w.socket().getSubprotocol()).isEqualTo("base64.binary.k8s.io");
      create("from-browser", "red", "\"browser\":\"yes\"");
      assertThat(JSON.readTree(w.next()).at("/object/metadata/name").asText()).isEqualTo("from-browser");
    }
    assertThat(handshake(WIDGETS + "?watch=true", null, "Sec-WebSocket-Protocol: " + tokenProtocol))
        .as("a token protocol alone leaves nothing to echo: refused as kube-apiserver does").startsWith("HTTP/1.1 401");
    assertThat(handshake(WIDGETS + "?watch=true", null, "Sec-WebSocket-Protocol: base64.binary.k8s.io, "
        + "base64url.bearer.authorization.k8s.io.bm9wZQ")).as("an unknown token").startsWith("HTTP/1.1 401");
  }
}
