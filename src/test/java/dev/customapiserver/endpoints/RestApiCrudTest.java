package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Generated REST routes: create, read, update, patch and delete")
class RestApiCrudTest {
  static TestServer server;
  static final ObjectMapper JSON = new ObjectMapper();
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group()), new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode json(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body());
  }

  static String widget(String name, String color) {
    return "{\"apiVersion\":\"test.example.com/v2\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"paint\":{\"color\":\"" + color + "\"}}}";
  }

  @Test
  @DisplayName("create answers 201 with server-set uid, resourceVersion, creationTimestamp, generation and defaults")
  void createSetsServerFields() throws Exception {
    HttpResponse<String> r = server.send("POST", WIDGETS, widget("create-1", "red"));
    assertThat(r.statusCode()).isEqualTo(201);
    JsonNode o = json(r);
    assertThat(o.at("/apiVersion").asText()).isEqualTo("test.example.com/v2");
    assertThat(o.at("/kind").asText()).isEqualTo("Widget");
    assertThat(o.at("/metadata/namespace").asText()).isEqualTo("default");
    assertThat(o.at("/metadata/uid").asText()).hasSize(36);
    assertThat(o.at("/metadata/resourceVersion").asText()).matches("\\d+");
    assertThat(o.at("/metadata/creationTimestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(o.at("/metadata/generation").asLong()).isEqualTo(1);
    assertThat(o.at("/spec/size").asInt()).as("defaulted").isEqualTo(1);
  }

  @Test
  @DisplayName("an object created in v2 reads back in v1 through the hub, and the reverse")
  void readsInEveryVersion() throws Exception {
    server.send("POST", WIDGETS, widget("versions-1", "blue"));
    JsonNode v1 = json(server.send("GET", "/apis/test.example.com/v1/namespaces/default/widgets/versions-1", null));
    assertThat(v1.at("/apiVersion").asText()).isEqualTo("test.example.com/v1");
    assertThat(v1.at("/spec/color").asText()).isEqualTo("blue");
  }

  @Test
  @DisplayName("generateName gets a random suffix")
  void generateName() throws Exception {
    HttpResponse<String> r = server.send("POST", WIDGETS,
        "{\"metadata\":{\"generateName\":\"gen-\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(json(r).at("/metadata/name").asText()).matches("gen-[bcdfghjklmnpqrstvwxz2456789]{5}");
  }

  @Test
  @DisplayName("update with the current resourceVersion succeeds and bumps generation only for spec changes")
  void updateBumpsGenerationOnSpecChange() throws Exception {
    JsonNode created = json(server.send("POST", WIDGETS, widget("gen-1", "red")));
    String labelsOnly = created.toString().replace("\"name\":\"gen-1\"", "\"name\":\"gen-1\",\"labels\":{\"a\":\"b\"}");
    JsonNode relabeled = json(server.send("PUT", WIDGETS + "/gen-1", labelsOnly));
    assertThat(relabeled.at("/metadata/generation").asLong()).isEqualTo(1);
    assertThat(relabeled.at("/metadata/resourceVersion").asText()).isNotEqualTo(created.at("/metadata/resourceVersion").asText());
    String recolored = relabeled.toString().replace("\"red\"", "\"green\"");
    HttpResponse<String> r = server.send("PUT", WIDGETS + "/gen-1", recolored);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(json(r).at("/metadata/generation").asLong()).isEqualTo(2);
  }

  @Test
  @DisplayName("an update without changes keeps the resourceVersion")
  void noopUpdate() throws Exception {
    JsonNode created = json(server.send("POST", WIDGETS, widget("noop-1", "red")));
    JsonNode same = json(server.send("PUT", WIDGETS + "/noop-1", created.toString()));
    assertThat(same.at("/metadata/resourceVersion").asText()).isEqualTo(created.at("/metadata/resourceVersion").asText());
  }

  @Test
  @DisplayName("JSON merge patch and JSON patch change the object through the requested version")
  void patches() throws Exception {
    server.send("POST", WIDGETS, widget("patch-1", "red"));
    HttpResponse<String> merge = server.send("PATCH", WIDGETS + "/patch-1", "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(merge.statusCode()).isEqualTo(200);
    assertThat(json(merge).at("/metadata/labels/x").asText()).isEqualTo("y");
    HttpResponse<String> jp = server.send("PATCH", "/apis/test.example.com/v1/namespaces/default/widgets/patch-1",
        "[{\"op\":\"replace\",\"path\":\"/spec/color\",\"value\":\"teal\"}]", "Content-Type", "application/json-patch+json");
    assertThat(jp.statusCode()).isEqualTo(200);
    assertThat(json(jp).at("/spec/color").asText()).isEqualTo("teal");
    assertThat(json(server.send("GET", WIDGETS + "/patch-1", null)).at("/spec/paint/color").asText()).isEqualTo("teal");
  }

  @Test
  @DisplayName("delete returns the deleted object, and a second delete is 404")
  void delete() throws Exception {
    server.send("POST", WIDGETS, widget("delete-1", "red"));
    HttpResponse<String> r = server.send("DELETE", WIDGETS + "/delete-1", "{\"propagationPolicy\":\"Background\"}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(json(r).at("/metadata/name").asText()).isEqualTo("delete-1");
    assertThat(server.send("DELETE", WIDGETS + "/delete-1", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("dryRun=All validates and answers but stores nothing")
  void dryRun() throws Exception {
    HttpResponse<String> r = server.send("POST", WIDGETS + "?dryRun=All", widget("dry-1", "red"));
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(server.send("GET", WIDGETS + "/dry-1", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("lists filter by label and field selectors, across namespaces, and page with limit/continue")
  void listsAndSelectors() throws Exception {
    for (int i = 0; i < 5; i++) {
      server.send("POST", "/apis/test.example.com/v2/namespaces/ns" + (i % 2) + "/widgets",
          widget("sel-" + i, i < 3 ? "red" : "cyan").replace("\"name\":", "\"labels\":{\"tier\":\"t" + i + "\"},\"name\":"));
    }
    JsonNode inNs = json(server.send("GET", "/apis/test.example.com/v2/namespaces/ns0/widgets", null));
    assertThat(inNs.at("/kind").asText()).isEqualTo("WidgetList");
    assertThat(inNs.at("/items")).hasSize(3);
    JsonNode labeled = json(server.send("GET", "/apis/test.example.com/v2/widgets?labelSelector=tier%20in%20(t1,t3)", null));
    assertThat(labeled.at("/items")).extracting(n -> n.at("/metadata/name").asText()).containsExactly("sel-1", "sel-3");
    JsonNode fielded = json(server.send("GET", "/apis/test.example.com/v2/widgets?fieldSelector=spec.color%3Dcyan", null));
    assertThat(fielded.at("/items")).hasSize(2);
    JsonNode page1 = json(server.send("GET", "/apis/test.example.com/v2/namespaces/ns1/widgets?limit=1", null));
    assertThat(page1.at("/items")).hasSize(1);
    String token = page1.at("/metadata/continue").asText();
    assertThat(token).isNotEmpty();
    JsonNode page2 = json(server.send("GET", "/apis/test.example.com/v2/namespaces/ns1/widgets?limit=1&continue="
        + java.net.URLEncoder.encode(token, java.nio.charset.StandardCharsets.UTF_8), null));
    assertThat(page2.at("/items/0/metadata/name").asText()).isEqualTo("sel-3");
  }

  @Test
  @DisplayName("cluster-scoped kinds live at /apis/{g}/{v}/{plural}/{name} without a namespace")
  void clusterScoped() throws Exception {
    HttpResponse<String> r = server.send("POST", "/apis/test.example.com/v1/gadgets",
        "{\"apiVersion\":\"test.example.com/v1\",\"kind\":\"Gadget\",\"metadata\":{\"name\":\"g1\"},\"label\":\"x\"}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(json(r).at("/metadata/namespace").isMissingNode()).isTrue();
    assertThat(server.send("GET", "/apis/test.example.com/v1/gadgets/g1", null).statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName("YAML goes in and comes out")
  void yaml() throws Exception {
    String yaml = "apiVersion: test.example.com/v2\nkind: Widget\nmetadata:\n  name: yaml-1\nspec:\n  paint:\n    color: red\n";
    HttpResponse<String> r = server.send("POST", WIDGETS, yaml, "Content-Type", "application/yaml", "Accept", "application/yaml");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/yaml");
    assertThat(r.body()).contains("name: yaml-1").contains("color: red");
  }
}
