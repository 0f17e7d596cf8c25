package dev.customapiserver.endpoints.watch;

import static dev.customapiserver.endpoints.watch.WatchTest.create;
import static dev.customapiserver.endpoints.watch.WatchTest.patch;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Watch over HTTP: Tables, Server-Sent Events, watch-list bookmarks and timeouts")
class WatchFormatsTest {
  static final String TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

  @BeforeAll
  static void start() throws Exception {
    WatchTest.start();
  }

  @AfterAll
  static void stop() throws Exception {
    WatchTest.stop();
  }

  static WatchClient watch(String pathAndQuery, String... headers) throws Exception {
    return WatchTest.watch(pathAndQuery, headers);
  }

  @Test
  @DisplayName("with a Table Accept every event is a one-row Table; column definitions only on the first; includeObject respected")
  void tables() throws Exception {
    create("tables", "t1", "red", null);
    try (WatchClient w = watch(WatchTest.widgets("tables") + "?watch=true&includeObject=Object", "Accept", TABLE)) {
      JsonNode first = w.next();
      assertThat(first.at("/type").asText()).isEqualTo("ADDED");
      assertThat(first.at("/object/kind").asText()).isEqualTo("Table");
      assertThat(first.at("/object/apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
      assertThat(first.at("/object/columnDefinitions/0/name").asText()).isEqualTo("Name");
      assertThat(first.at("/object/rows")).hasSize(1);
      assertThat(first.at("/object/rows/0/cells/0").asText()).isEqualTo("t1");
      assertThat(first.at("/object/rows/0/object/kind").asText()).isEqualTo("Widget");
      patch("tables", "t1", "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
      JsonNode second = w.next();
      assertThat(second.at("/type").asText()).isEqualTo("MODIFIED");
      assertThat(second.at("/object/columnDefinitions").isMissingNode() || second.at("/object/columnDefinitions").isNull()).isTrue();
      assertThat(second.at("/object/rows/0/object/metadata/labels/a").asText()).isEqualTo("b");
      assertThat(second.at("/object/metadata/resourceVersion").asText()).isNotEmpty();
    }
    try (WatchClient w = watch(WatchTest.widgets("tables") + "?watch=true", "Accept", TABLE)) {
      assertThat(w.next().at("/object/rows/0/object/kind").asText()).as("default includeObject=Metadata").isEqualTo("PartialObjectMetadata");
    }
  }

  @Test
  @DisplayName("Accept: text/event-stream frames each event as SSE with the resourceVersion as id; Last-Event-ID resumes after it")
  void sse() throws Exception {
    String path = WatchTest.widgets("sse") + "?watch=true";
    String rv0 = WatchTest.listRv(WatchTest.widgets("sse"));
    String lastId;
    try (WatchClient w = watch(path + "&resourceVersion=" + rv0, "Accept", "text/event-stream")) {
      assertThat(w.response().headers().firstValue("Content-Type")).hasValueSatisfying(ct -> assertThat(ct).startsWith("text/event-stream"));
      create("sse", "s1", "red", null);
      String id = w.nextLine();
      String data = w.nextLine();
      assertThat(w.nextLine()).isEmpty();
      assertThat(id).startsWith("id: ");
      assertThat(data).startsWith("data: ");
      JsonNode e = WatchClient.JSON.readTree(data.substring("data: ".length()));
      assertThat(e.at("/type").asText()).isEqualTo("ADDED");
      lastId = id.substring("id: ".length());
      assertThat(lastId).isEqualTo(e.at("/object/metadata/resourceVersion").asText());
    }
    create("sse", "s2", "red", null);
    try (WatchClient w = watch(path, "Accept", "text/event-stream", "Last-Event-ID", lastId)) {
      w.nextLine();
      JsonNode e = WatchClient.JSON.readTree(w.nextLine().substring("data: ".length()));
      assertThat(e.at("/object/metadata/name").asText()).as("resumed after s1").isEqualTo("s2");
    }
  }

  @Test
  @DisplayName("sendInitialEvents=true: ADDED for each object, then a BOOKMARK annotated k8s.io/initial-events-end, then changes")
  void watchList() throws Exception {
    create("wl", "w1", "red", null);
    create("wl", "w2", "red", null);
    String q = "?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=";
    try (WatchClient w = watch(WatchTest.widgets("wl") + q)) {
      List<String> initial = new ArrayList<>();
      initial.add(w.next().at("/type").asText());
      initial.add(w.next().at("/type").asText());
      assertThat(initial).containsExactly("ADDED", "ADDED");
      JsonNode b = w.next();
      assertThat(b.at("/type").asText()).isEqualTo("BOOKMARK");
      assertThat(b.at("/object/kind").asText()).isEqualTo("Widget");
      assertThat(b.at("/object/apiVersion").asText()).isEqualTo("test.example.com/v2");
      assertThat(b.at("/object/metadata/resourceVersion").asText()).matches("\\d+");
      assertThat(b.at("/object/metadata/annotations/k8s.io~1initial-events-end").asText()).isEqualTo("true");
      assertThat(b.at("/object/spec").isMissingNode()).isTrue();
      create("wl", "w3", "red", null);
      assertThat(w.next().at("/object/metadata/name").asText()).isEqualTo("w3");
    }
  }

  @Test
  @DisplayName("sendInitialEvents without resourceVersionMatch=NotOlderThan is 422 Invalid, as kube-apiserver")
  void watchListValidation() throws Exception {
    var r = WatchTest.server.send("GET", WatchTest.widgets("wl") + "?watch=true&sendInitialEvents=true", null);
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(WatchClient.JSON.readTree(r.body()).at("/message").asText()).contains("sendInitialEvents requires setting resourceVersionMatch to NotOlderThan");
  }

  @Test
  @DisplayName("timeoutSeconds ends the stream cleanly")
  void timeout() throws Exception {
    try (WatchClient w = watch(WatchTest.widgets("timeout") + "?watch=true&timeoutSeconds=1")) {
      assertThat(w.response().statusCode()).isEqualTo(200);
      w.assertEnds();
    }
  }

  @Test
  @DisplayName("a YAML-only Accept is 406 for a watch")
  void yamlNotAcceptable() throws Exception {
    assertThat(WatchTest.server.send("GET", WatchTest.widgets("x") + "?watch=true", null, "Accept", "application/yaml").statusCode())
        .isEqualTo(406);
  }

  static URI uri(TestServer s, String path) {
    return URI.create(s.base() + path);
  }
}
