package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.storage.jpa.DatabaseSettings;
import dev.customapiserver.storage.jpa.JpaStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The REST layer over the embedded H2 store")
class RestOverH2Test {
  @TempDir
  Path dataDir;

  @Test
  @DisplayName("objects survive a restart, pages cover every object once, and resourceVersions keep growing")
  void crudPagingAndRestart() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    String foos = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
    long lastRv;
    try (TestServer server = new TestServer(groups, new JpaStorageBackend(DatabaseSettings.h2File(dataDir)))) {
      for (int i = 0; i < 12; i++) {
        HttpResponse<String> r = server.send("POST", foos, "{\"metadata\":{\"name\":\"foo-" + i + "\"},\"spec\":{\"config\":{\"msg\":\"m\"}}}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      }
      JsonNode stale = RestApiCrudTest.json(server.send("GET", foos + "/foo-0", null));
      server.send("PATCH", foos + "/foo-0", "{\"spec\":{\"config\":{\"msg\":\"new\"}}}", "Content-Type", "application/merge-patch+json");
      assertThat(server.send("PUT", foos + "/foo-0", stale.toString()).statusCode()).isEqualTo(409);
      Set<String> seen = new HashSet<>();
      String token = "";
      int pages = 0;
      do {
        JsonNode page = RestApiCrudTest.json(server.send("GET", foos + "?limit=5" + (token.isEmpty() ? "" : "&continue=" + token), null));
        page.at("/items").forEach(i -> assertThat(seen.add(i.at("/metadata/name").asText())).isTrue());
        token = page.at("/metadata/continue").asText("");
        pages++;
      } while (!token.isEmpty());
      assertThat(seen).hasSize(12);
      assertThat(pages).isEqualTo(3);
      lastRv = RestApiCrudTest.json(server.send("GET", foos, null)).at("/metadata/resourceVersion").asLong();
    }
    try (TestServer again = new TestServer(groups, new JpaStorageBackend(DatabaseSettings.h2File(dataDir)))) {
      JsonNode foo0 = RestApiCrudTest.json(again.send("GET", foos + "/foo-0", null));
      assertThat(foo0.at("/spec/config/msg").asText()).isEqualTo("new");
      JsonNode created = RestApiCrudTest.json(again.send("POST", foos, "{\"metadata\":{\"name\":\"after\"},\"spec\":{\"config\":{\"msg\":\"m\"}}}"));
      assertThat(created.at("/metadata/resourceVersion").asLong()).isGreaterThan(lastRv);
    }
  }

  @Test
  @DisplayName("a list at a resourceVersion the storage has not reached is kube's 504 with the ResourceVersionTooLarge cause")
  void tooLargeResourceVersion() throws Exception {
    String foos = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
    try (TestServer server = new TestServer(TestServer.everyGroup(), new JpaStorageBackend(DatabaseSettings.h2File(dataDir)))) {
      long current = RestApiCrudTest.json(server.send("GET", foos, null)).at("/metadata/resourceVersion").asLong();
      long ahead = current + 1000;
      for (String query : List.of("?resourceVersion=" + ahead + "&resourceVersionMatch=NotOlderThan",
          "?resourceVersion=" + ahead + "&resourceVersionMatch=Exact", "?resourceVersion=" + ahead + "&limit=5")) {
        HttpResponse<String> r = server.send("GET", foos + query, null);
        assertThat(r.statusCode()).as(query).isEqualTo(504);
        assertThat(r.headers().firstValue("Retry-After")).contains("1");
        JsonNode status = RestApiCrudTest.json(r);
        assertThat(status.at("/reason").asText()).isEqualTo("Timeout");
        assertThat(status.at("/message").asText()).isEqualTo("Timeout: Too large resource version: " + ahead + ", current: " + current);
        assertThat(status.at("/details/causes/0/reason").asText()).as("client-go's reflector lists again without it")
            .isEqualTo("ResourceVersionTooLarge");
        assertThat(status.at("/details/causes/0/message").asText()).isEqualTo("Too large resource version");
        assertThat(status.at("/details/retryAfterSeconds").asInt()).isEqualTo(1);
      }
    }
  }
}
