package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.endpoints.watch.WatchClient;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Cohabitation: a resource served under a second group, stored as the first group's resource")
class CohabitationTest {
  static TestServer server;
  static final ObjectMapper JSON = new ObjectMapper();
  static final String OWNER = "/apis/test.example.com/v2/namespaces/default/widgets";
  static final String ALIAS = "/apis/alias.example.com/v1/namespaces/default/widgets";

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group(), Widgets.cohabitant()), new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode send(String method, String path, String body) throws Exception {
    return JSON.readTree(server.send(method, path, body).body());
  }

  @Test
  @DisplayName("an object created through the owner's group is the same object (uid, resourceVersion) through the cohabitant's, in its own apiVersion")
  void sameObject() throws Exception {
    JsonNode created = send("POST", OWNER, "{\"metadata\":{\"name\":\"same\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
    JsonNode alias = send("GET", ALIAS + "/same", null);
    assertThat(alias.at("/apiVersion").asText()).isEqualTo("alias.example.com/v1");
    assertThat(alias.at("/spec/color").asText()).isEqualTo("red");
    assertThat(alias.at("/metadata/uid").asText()).isEqualTo(created.at("/metadata/uid").asText());
    assertThat(alias.at("/metadata/resourceVersion").asText()).isEqualTo(created.at("/metadata/resourceVersion").asText());
    assertThat(send("GET", ALIAS, null).at("/items").findValuesAsText("name")).contains("same");
  }

  @Test
  @DisplayName("a write through the cohabitant is seen through the owner, and both keep the owner's rules")
  void writesThroughEither() throws Exception {
    JsonNode created = send("POST", ALIAS, "{\"metadata\":{\"name\":\"back\"},\"spec\":{\"color\":\"blue\"}}");
    JsonNode owner = send("GET", OWNER + "/back", null);
    assertThat(owner.at("/spec/paint/color").asText()).isEqualTo("blue");
    assertThat(owner.at("/metadata/resourceVersion").asText()).isEqualTo(created.at("/metadata/resourceVersion").asText());
    send("DELETE", ALIAS + "/back", null);
    assertThat(server.send("GET", OWNER + "/back", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("errors name the group the client used")
  void errorsNameTheClientsGroup() throws Exception {
    JsonNode missing = send("GET", ALIAS + "/nope", null);
    assertThat(missing.at("/message").asText()).isEqualTo("widgets.alias.example.com \"nope\" not found");
  }

  @Test
  @DisplayName("a watch through the cohabitant sees writes made through the owner")
  void watchesSeeEither() throws Exception {
    String rv = send("GET", ALIAS, null).at("/metadata/resourceVersion").asText();
    try (WatchClient w = WatchClient.open(URI.create(server.base() + ALIAS + "?watch=true&resourceVersion=" + rv))) {
      JsonNode created = send("POST", OWNER, "{\"metadata\":{\"name\":\"watched\"},\"spec\":{\"paint\":{\"color\":\"green\"}}}");
      JsonNode event = w.next();
      assertThat(event.at("/type").asText()).isEqualTo("ADDED");
      assertThat(event.at("/object/apiVersion").asText()).isEqualTo("alias.example.com/v1");
      assertThat(event.at("/object/metadata/uid").asText()).isEqualTo(created.at("/metadata/uid").asText());
    }
  }

  @Test
  @DisplayName("discovery lists the cohabitant in its group, with its owner's storageVersionHash")
  void discovery() throws Exception {
    JsonNode alias = send("GET", "/apis/alias.example.com/v1", null).at("/resources/0");
    JsonNode owner = send("GET", "/apis/test.example.com/v2", null).at("/resources/0");
    assertThat(alias.at("/name").asText()).isEqualTo("widgets");
    assertThat(alias.at("/kind").asText()).isEqualTo("Widget");
    assertThat(alias.at("/storageVersionHash").asText()).isEqualTo(owner.at("/storageVersionHash").asText());
    assertThat(send("GET", "/apis", null).at("/groups").findValuesAsText("name"))
        .containsSubsequence("test.example.com", "alias.example.com");
  }

  @Test
  @DisplayName("the scheme walks owners for controllers, every served resource for routes, and leads a cohabitant to its owner")
  void schemeLists() {
    Scheme scheme = new Scheme(List.of(Widgets.group(), Widgets.cohabitant()));
    assertThat(scheme.resources()).extracting(ResourceType::groupResource)
        .doesNotContain(new GroupResource("alias.example.com", "widgets"));
    assertThat(scheme.servedResources()).extracting(ResourceType::groupResource)
        .contains(new GroupResource("alias.example.com", "widgets"), new GroupResource("test.example.com", "widgets"));
    ResourceType<?> alias = scheme.resource("alias.example.com", "widgets").orElseThrow();
    assertThat(scheme.owner(alias).groupResource()).isEqualTo(new GroupResource("test.example.com", "widgets"));
  }

  @Test
  @DisplayName("a cohabitant of a resource that is not registered, or of another hub type, is refused at start")
  void badCohabitants() {
    assertThatThrownBy(() -> new Scheme(List.of(Widgets.cohabitant())))
        .hasMessage("widgets.alias.example.com is stored as widgets.test.example.com, which is not registered");
    ResourceType<Widgets.Gadget> gadgets = ResourceType.builder("other.example.com", "Gadget", "widgets", Widgets.Gadget.class)
        .clusterScoped().storedAs(new GroupResource("test.example.com", "widgets"))
        .served(ServedVersion.of("v1", Widgets.Gadget.class, Widgets.identity())).build();
    assertThatThrownBy(() -> new Scheme(List.of(Widgets.group(), new ApiGroup("other.example.com", List.of("v1"), List.of(gadgets)))))
        .hasMessage("widgets.other.example.com is stored as widgets.test.example.com, whose hub type or scope differs");
  }
}
