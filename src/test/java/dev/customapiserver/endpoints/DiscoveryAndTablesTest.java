package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Discovery, Tables and /version as kubectl reads them")
class DiscoveryAndTablesTest {
  static final String KUBECTL_DISCOVERY = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
      + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
  static final String KUBECTL_TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,"
      + "application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group()), new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @DisplayName("/apis answers aggregated v2 discovery with the content type kubectl requires")
  void aggregated() throws Exception {
    HttpResponse<String> r = server.send("GET", "/apis", null, "Accept", KUBECTL_DISCOVERY);
    assertThat(r.headers().firstValue("Content-Type").orElseThrow().split(";"))
        .as("kubectl decides aggregated vs legacy by these parameters alone")
        .containsExactlyInAnyOrder("application/json", "g=apidiscovery.k8s.io", "v=v2", "as=APIGroupDiscoveryList");
    JsonNode doc = RestApiCrudTest.json(r);
    assertThat(doc.at("/kind").asText()).isEqualTo("APIGroupDiscoveryList");
    JsonNode group = doc.at("/items/0");
    assertThat(group.at("/metadata/name").asText()).isEqualTo("test.example.com");
    assertThat(group.at("/versions/0/version").asText()).as("preferred first").isEqualTo("v2");
    JsonNode widgets = group.at("/versions/0/resources/0");
    assertThat(widgets.at("/resource").asText()).isEqualTo("widgets");
    assertThat(widgets.at("/responseKind/kind").asText()).isEqualTo("Widget");
    assertThat(widgets.at("/scope").asText()).isEqualTo("Namespaced");
    assertThat(widgets.at("/shortNames/0").asText()).isEqualTo("wd");
    assertThat(widgets.at("/verbs")).extracting(JsonNode::asText).contains("create", "get", "list", "patch", "update", "delete");
    JsonNode v1 = group.at("/versions/1/resources");
    assertThat(v1).extracting(n -> n.at("/resource").asText()).containsExactly("widgets", "gadgets");
  }

  @Test
  @DisplayName("/api answers the same way; without the aggregated Accept both answer legacy documents")
  void legacy() throws Exception {
    assertThat(server.send("GET", "/api", null, "Accept", KUBECTL_DISCOVERY).headers().firstValue("Content-Type").orElse(""))
        .contains("as=APIGroupDiscoveryList");
    JsonNode groups = RestApiCrudTest.json(server.send("GET", "/apis", null));
    assertThat(groups.at("/kind").asText()).isEqualTo("APIGroupList");
    assertThat(groups.at("/groups/0/preferredVersion/groupVersion").asText()).isEqualTo("test.example.com/v2");
    assertThat(groups.at("/groups/0").has("kind")).as("a list's groups carry no kind or apiVersion, as kube's").isFalse();
    assertThat(groups.at("/groups/0").has("apiVersion")).isFalse();
    JsonNode group = RestApiCrudTest.json(server.send("GET", "/apis/test.example.com", null));
    assertThat(group.at("/kind").asText()).isEqualTo("APIGroup");
    JsonNode list = RestApiCrudTest.json(server.send("GET", "/apis/test.example.com/v1", null));
    assertThat(list.at("/kind").asText()).isEqualTo("APIResourceList");
    assertThat(list.at("/resources/1/namespaced").asBoolean()).isFalse();
    assertThat(list.at("/resources/0/singularName").asText()).isEqualTo("widget");
    assertThat(RestApiCrudTest.json(server.send("GET", "/api", null)).at("/versions/0").asText()).isEqualTo("v1");
  }

  @Test
  @DisplayName("lists and gets answer Tables with NAME, the version's columns and a server-formatted AGE")
  void tables() throws Exception {
    server.send("POST", RestApiCrudTest.WIDGETS, RestApiCrudTest.widget("tbl-1", "red"));
    JsonNode t = RestApiCrudTest.json(server.send("GET", RestApiCrudTest.WIDGETS, null, "Accept", KUBECTL_TABLE));
    assertThat(t.at("/kind").asText()).isEqualTo("Table");
    assertThat(t.at("/apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
    assertThat(t.at("/columnDefinitions")).extracting(c -> c.at("/name").asText()).containsExactly("Name", "Color", "Size", "Age");
    assertThat(t.at("/metadata/resourceVersion").asText()).isNotEmpty();
    JsonNode row = t.at("/rows/0");
    assertThat(row.at("/cells/0").asText()).isEqualTo("tbl-1");
    assertThat(row.at("/cells/1").asText()).isEqualTo("red");
    assertThat(row.at("/cells/3").asText()).matches("\\d+s");
    assertThat(row.at("/object/kind").asText()).isEqualTo("PartialObjectMetadata");
    assertThat(row.at("/object/metadata/namespace").asText()).isEqualTo("default");
    JsonNode one = RestApiCrudTest.json(server.send("GET", RestApiCrudTest.WIDGETS + "/tbl-1?includeObject=Object", null,
        "Accept", KUBECTL_TABLE));
    assertThat(one.at("/rows")).hasSize(1);
    assertThat(one.at("/rows/0/object/kind").asText()).isEqualTo("Widget");
    assertThat(server.send("GET", RestApiCrudTest.WIDGETS + "?includeObject=All", null, "Accept", KUBECTL_TABLE).statusCode())
        .isEqualTo(400);
  }

  @Test
  @DisplayName("/version reports the Kubernetes API level")
  void version() throws Exception {
    JsonNode v = RestApiCrudTest.json(server.send("GET", "/version", null));
    assertThat(v.at("/major").asText()).isEqualTo("1");
    assertThat(v.at("/minor").asText()).isEqualTo("32");
    assertThat(v.at("/gitVersion").asText()).isEqualTo("v1.32.0");
  }
}
