package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.storage.jpa.DatabaseSettings;
import dev.customapiserver.storage.jpa.JpaStorageBackend;
import dev.customapiserver.storage.jpa.JpaTestHooks;
import dev.customapiserver.testing.TestServer;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A continue token whose revision has been compacted, over REST on H2")
class ExpiredContinueTest {
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  static final String MESSAGE = "The provided continue parameter is too old to display a consistent list result. You can"
      + " start a new list without the continue parameter, or use the continue token in this response to retrieve the"
      + " remainder of the results. Continuing with the provided token results in an inconsistent list - objects that"
      + " were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

  @TempDir
  Path dataDir;

  static String create(TestServer server, String name) throws Exception {
    HttpResponse<String> r = server.send("POST", FOOS, "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"config\":{\"msg\":\"m\"}}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return name;
  }

  static String page(String token) {
    return FOOS + "?limit=2&continue=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("answers 410 Expired with kube's message and metadata.continue, which lists the rest as it is now")
  void expiredContinue() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    JpaStorageBackend backend = new JpaStorageBackend(DatabaseSettings.h2File(dataDir),
        new JpaStorageBackend.Options(Duration.ofMillis(100), Duration.ofMinutes(1), 0, Duration.ofHours(1)));
    try (TestServer server = new TestServer(groups, backend)) {
      for (int i = 0; i < 5; i++) {
        create(server, "foo-" + i);
      }
      JsonNode first = RestApiCrudTest.json(server.send("GET", FOOS + "?limit=2", null));
      List<String> firstNames = new ArrayList<>();
      first.at("/items").forEach(i -> firstNames.add(i.at("/metadata/name").asText()));
      assertThat(firstNames).containsExactly("foo-0", "foo-1");
      String oldToken = first.at("/metadata/continue").asText();
      assertThat(server.send("DELETE", FOOS + "/foo-2", null).statusCode()).isEqualTo(200);
      create(server, "foo-5");
      assertThat(JpaTestHooks.compact(backend)).isGreaterThan(first.at("/metadata/resourceVersion").asLong());

      HttpResponse<String> r = server.send("GET", page(oldToken), null);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(410);
      JsonNode status = RestApiCrudTest.json(r);
      assertThat(status.path("kind").asText()).isEqualTo("Status");
      assertThat(status.path("apiVersion").asText()).isEqualTo("v1");
      assertThat(status.path("status").asText()).isEqualTo("Failure");
      assertThat(status.path("reason").asText()).isEqualTo("Expired");
      assertThat(status.path("code").asInt()).isEqualTo(410);
      assertThat(status.path("message").asText()).isEqualTo(MESSAGE);
      assertThat(status.has("details")).isFalse();
      String fresh = status.at("/metadata/continue").asText("");
      assertThat(fresh).isNotEmpty().isNotEqualTo(oldToken);

      List<String> rest = new ArrayList<>();
      for (String token = fresh; !token.isEmpty(); ) {
        JsonNode page = RestApiCrudTest.json(server.send("GET", page(token), null));
        page.at("/items").forEach(i -> rest.add(i.at("/metadata/name").asText()));
        token = page.at("/metadata/continue").asText("");
      }
      assertThat(rest).as("after foo-1, as the list is now (inconsistent with the first page)")
          .containsExactly("foo-3", "foo-4", "foo-5");
    }
  }
}
