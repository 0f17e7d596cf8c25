package dev.customapiserver.endpoints.watch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Watch over HTTP: chunked JSON events, resourceVersion semantics and selectors")
class WatchTest {
  static TestServer server;
  static final String API = "/apis/test.example.com/v2";

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group()), new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static String widgets(String ns) {
    return API + "/namespaces/" + ns + "/widgets";
  }

  static String widget(String name, String color, String labels) {
    return "{\"apiVersion\":\"test.example.com/v2\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"" + name + "\""
        + (labels == null ? "" : ",\"labels\":" + labels) + "},\"spec\":{\"paint\":{\"color\":\"" + color + "\"}}}";
  }

  static JsonNode create(String ns, String name, String color, String labels) throws Exception {
    HttpResponse<String> r = server.send("POST", widgets(ns), widget(name, color, labels));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return WatchClient.JSON.readTree(r.body());
  }

  static void patch(String ns, String name, String mergePatch) throws Exception {
    HttpResponse<String> r = server.send("PATCH", widgets(ns) + "/" + name, mergePatch, "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
  }

  static void delete(String ns, String name) throws Exception {
    assertThat(server.send("DELETE", widgets(ns) + "/" + name, null).statusCode()).isEqualTo(200);
  }

  static String listRv(String path) throws Exception {
    return WatchClient.JSON.readTree(server.send("GET", path, null).body()).at("/metadata/resourceVersion").asText();
  }

  static WatchClient watch(String pathAndQuery, String... headers) throws Exception {
    return WatchClient.open(URI.create(server.base() + pathAndQuery), headers);
  }

  @Test
  @DisplayName("status line and headers arrive at once, before any event: 200, application/json, chunked")
  void headersFirst() throws Exception {
    try (WatchClient w = watch(widgets("headers") + "?watch=true")) {
      assertThat(w.response().statusCode()).isEqualTo(200);
      assertThat(w.response().headers().firstValue("Content-Type")).hasValueSatisfying(ct -> assertThat(ct).startsWith("application/json"));
      assertThat(w.response().headers().firstValue("Content-Length")).isEmpty();
      assertThat(w.pending()).as("no event written yet").isEmpty();
      create("headers", "h1", "red", null);
      JsonNode e = w.next();
      assertThat(e.at("/type").asText()).isEqualTo("ADDED");
      assertThat(e.at("/object/metadata/name").asText()).isEqualTo("h1");
    }
  }

  @Test
  @DisplayName("from a list's resourceVersion: ADDED, MODIFIED, DELETED in order, objects in the requested version, DELETED with the last state")
  void changesInOrder() throws Exception {
    String rv = listRv(widgets("order"));
    try (WatchClient w = watch(widgets("order") + "?watch=1&resourceVersion=" + rv)) {
      assertThat(w.response().statusCode()).isEqualTo(200);
      create("order", "o1", "red", null);
      patch("order", "o1", "{\"spec\":{\"paint\":{\"color\":\"blue\"}}}");
      delete("order", "o1");
      JsonNode added = w.next();
      JsonNode modified = w.next();
      JsonNode deleted = w.next();
      assertThat(List.of(added, modified, deleted)).extracting(e -> e.at("/type").asText()).containsExactly("ADDED", "MODIFIED", "DELETED");
      assertThat(added.at("/object/apiVersion").asText()).isEqualTo("test.example.com/v2");
      assertThat(added.at("/object/kind").asText()).isEqualTo("Widget");
      assertThat(modified.at("/object/spec/paint/color").asText()).isEqualTo("blue");
      assertThat(deleted.at("/object/spec/paint/color").asText()).isEqualTo("blue");
      assertThat(deleted.at("/object/metadata/resourceVersion").asLong())
          .isGreaterThan(modified.at("/object/metadata/resourceVersion").asLong());
    }
  }

  @Test
  @DisplayName("without a resourceVersion: a synthetic ADDED for every current object, then the changes; v1 objects on a v1 URL")
  void initialAdded() throws Exception {
    create("initial", "i1", "red", null);
    create("initial", "i2", "red", null);
    try (WatchClient w = watch("/apis/test.example.com/v1/namespaces/initial/widgets?watch=true")) {
      JsonNode a = w.next();
      JsonNode b = w.next();
      assertThat(List.of(a, b)).extracting(e -> e.at("/type").asText() + " " + e.at("/object/metadata/name").asText())
          .containsExactlyInAnyOrder("ADDED i1", "ADDED i2");
      assertThat(a.at("/object/apiVersion").asText()).isEqualTo("test.example.com/v1");
      assertThat(a.at("/object/spec/color").asText()).isEqualTo("red");
      create("initial", "i3", "red", null);
      assertThat(w.next().at("/object/metadata/name").asText()).isEqualTo("i3");
    }
  }

  @Test
  @DisplayName("watch=True (as Python's client sends it) is a watch, watch=false a list: booleans read as kube-apiserver does")
  void pythonStyleBoolean() throws Exception {
    create("pybool", "p1", "red", null);
    try (WatchClient w = watch("/apis/test.example.com/v2/namespaces/pybool/widgets?watch=True&allowWatchBookmarks=True")) {
      assertThat(w.response().headers().firstValue("Transfer-Encoding")).contains("chunked");
      assertThat(w.next().at("/type").asText()).isEqualTo("ADDED");
    }
    HttpResponse<String> list = server.send("GET", "/apis/test.example.com/v2/namespaces/pybool/widgets?watch=false", null);
    assertThat(list.statusCode()).isEqualTo(200);
    assertThat(list.body()).contains("\"kind\":\"WidgetList\"");
  }

  @Test
  @DisplayName("from a given resourceVersion: only the changes after it, replayed")
  void resume() throws Exception {
    JsonNode r1 = create("resume", "r1", "red", null);
    create("resume", "r2", "red", null);
    patch("resume", "r1", "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}");
    try (WatchClient w = watch(widgets("resume") + "?watch=true&resourceVersion=" + r1.at("/metadata/resourceVersion").asText())) {
      assertThat(w.next().at("/object/metadata/name").asText()).isEqualTo("r2");
      JsonNode m = w.next();
      assertThat(m.at("/type").asText()).isEqualTo("MODIFIED");
      assertThat(m.at("/object/metadata/labels/x").asText()).isEqualTo("y");
    }
  }

  @Test
  @DisplayName("a label selector filters; an object leaving the selection is a DELETED, one entering it an ADDED")
  void labelSelector() throws Exception {
    String rv = listRv(widgets("labels"));
    try (WatchClient w = watch(widgets("labels") + "?watch=true&labelSelector=app%3Dweb&resourceVersion=" + rv)) {
      create("labels", "other", "red", "{\"app\":\"db\"}");
      create("labels", "web", "red", "{\"app\":\"web\"}");
      patch("labels", "web", "{\"metadata\":{\"labels\":{\"app\":\"gone\"}}}");
      patch("labels", "other", "{\"metadata\":{\"labels\":{\"app\":\"web\"}}}");
      assertThat(List.of(w.next(), w.next(), w.next()))
          .extracting(e -> e.at("/type").asText() + " " + e.at("/object/metadata/name").asText() + " "
              + e.at("/object/metadata/labels/app").asText())
          // leaving the selection: DELETED with the state it was selected in, as kube's watch cache sends it
          .containsExactly("ADDED web web", "DELETED web web", "ADDED other web");
    }
  }

  @Test
  @DisplayName("fieldSelector=metadata.name=x with resourceVersion=0 watches one object, as kubectl get x -w does")
  void fieldSelector() throws Exception {
    create("fields", "a", "red", null);
    create("fields", "b", "red", null);
    try (WatchClient w = watch(widgets("fields") + "?watch=true&resourceVersion=0&fieldSelector=metadata.name%3Db")) {
      assertThat(w.next().at("/object/metadata/name").asText()).isEqualTo("b");
      patch("fields", "a", "{\"metadata\":{\"labels\":{\"n\":\"1\"}}}");
      patch("fields", "b", "{\"metadata\":{\"labels\":{\"n\":\"2\"}}}");
      JsonNode e = w.next();
      assertThat(e.at("/type").asText() + " " + e.at("/object/metadata/name").asText()).isEqualTo("MODIFIED b");
    }
  }

  @Test
  @DisplayName("legacy /watch/ paths: a namespace's collection, one object, all namespaces, cluster-scoped")
  void watchPaths() throws Exception {
    create("legacy", "one", "red", null);
    create("legacy", "two", "red", null);
    try (WatchClient w = watch(API + "/watch/namespaces/legacy/widgets/two")) {
      JsonNode e = w.next();
      assertThat(e.at("/type").asText() + " " + e.at("/object/metadata/name").asText()).isEqualTo("ADDED two");
    }
    try (WatchClient w = watch(API + "/watch/widgets?labelSelector=nothing%3Dhere")) {
      assertThat(w.response().statusCode()).isEqualTo(200);
    }
    try (WatchClient w = watch(API + "/widgets?watch=true&fieldSelector=metadata.namespace%3Dlegacy")) {
      assertThat(List.of(w.next(), w.next())).extracting(e -> e.at("/object/metadata/name").asText()).containsExactly("one", "two");
    }
    try (WatchClient w = watch("/apis/test.example.com/v1/watch/gadgets")) {
      assertThat(w.response().statusCode()).isEqualTo(200);
      assertThat(server.send("POST", "/apis/test.example.com/v1/gadgets",
          "{\"metadata\":{\"name\":\"g1\"},\"label\":\"x\"}").statusCode()).isEqualTo(201);
      JsonNode e = w.next();
      assertThat(e.at("/object/kind").asText() + " " + e.at("/object/metadata/name").asText()).isEqualTo("Gadget g1");
    }
  }

  @Test
  @DisplayName("discovery lists the watch verb")
  void discovery() throws Exception {
    JsonNode d = WatchClient.JSON.readTree(server.send("GET", API, null).body());
    assertThat(d.at("/resources/0/verbs")).extracting(JsonNode::asText).contains("watch");
  }
}
