package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Query parameters of every verb are read strictly: a bad value is refused in kube's words and nothing happens")
class StrictQueryParametersTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group()), new MemoryStorageBackend());
    HttpResponse<String> r = server.send("POST", WIDGETS, RestApiCrudTest.widget("keep", "red"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  record Case(String name, String method, String pathAndQuery, String body, int code, String reason, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static String q(String v) {
    return URLEncoder.encode(v, StandardCharsets.UTF_8);
  }

  static final String LONG = "m".repeat(129);
  static final String TOO_LONG = "fieldManager: Too long: may not be more than 128 bytes";

  static Stream<Case> refused() {
    String keep = WIDGETS + "/keep";
    String widget = RestApiCrudTest.widget("fresh", "red");
    String replaced = RestApiCrudTest.widget("keep", "blue");
    return Stream.of(
        new Case("DELETE gracePeriodSeconds=abc", "DELETE", keep + "?gracePeriodSeconds=abc", null, 400, "BadRequest",
            "strconv.ParseInt: parsing \"abc\": invalid syntax"),
        new Case("DELETE gracePeriodSeconds=1.5", "DELETE", keep + "?gracePeriodSeconds=1.5", null, 400, "BadRequest",
            "strconv.ParseInt: parsing \"1.5\": invalid syntax"),
        new Case("DELETE gracePeriodSeconds out of range", "DELETE", keep + "?gracePeriodSeconds=99999999999999999999", null, 400,
            "BadRequest", "strconv.ParseInt: parsing \"99999999999999999999\": value out of range"),
        new Case("DELETE collection gracePeriodSeconds=x", "DELETE", WIDGETS + "?gracePeriodSeconds=x", null, 400, "BadRequest",
            "strconv.ParseInt: parsing \"x\": invalid syntax"),
        new Case("list limit=abc", "GET", WIDGETS + "?limit=abc", null, 400, "BadRequest",
            "strconv.ParseInt: parsing \"abc\": invalid syntax"),
        new Case("list timeoutSeconds=soon", "GET", WIDGETS + "?timeoutSeconds=soon", null, 400, "BadRequest",
            "strconv.ParseInt: parsing \"soon\": invalid syntax"),
        new Case("watch timeoutSeconds=1e3", "GET", WIDGETS + "?watch=true&timeoutSeconds=1e3", null, 400, "BadRequest",
            "strconv.ParseInt: parsing \"1e3\": invalid syntax"),
        new Case("list resourceVersion=abc", "GET", WIDGETS + "?resourceVersion=abc&limit=2", null, 400, "BadRequest",
            "invalid resource version: resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax"),
        new Case("list resourceVersion=-1", "GET", WIDGETS + "?resourceVersion=-1&resourceVersionMatch=Exact", null, 400,
            "BadRequest", "invalid resource version: resourceVersion: Invalid value: \"-1\": strconv.ParseUint: parsing \"-1\": "
            + "invalid syntax"),
        new Case("list resourceVersion out of range", "GET", WIDGETS + "?resourceVersion=99999999999999999999", null, 400,
            "BadRequest", "invalid resource version: resourceVersion: Invalid value: \"99999999999999999999\": strconv.ParseUint: "
            + "parsing \"99999999999999999999\": value out of range"),
        new Case("watch resourceVersion=+5", "GET", WIDGETS + "?watch=true&resourceVersion=" + q("+5"), null, 400, "BadRequest",
            "resourceVersion: Invalid value: \"+5\": strconv.ParseUint: parsing \"+5\": invalid syntax"),
        new Case("create fieldManager of 129 bytes", "POST", WIDGETS + "?fieldManager=" + LONG, widget, 422, "Invalid",
            "CreateOptions.meta.k8s.io \"\" is invalid: " + TOO_LONG),
        new Case("create fieldManager with a control character", "POST", WIDGETS + "?fieldManager=" + q("a\u0007b"), widget, 422,
            "Invalid", "CreateOptions.meta.k8s.io \"\" is invalid: fieldManager: Invalid value: \"a\\ab\": "
            + "invalid character U+0007 (at position 1)"),
        new Case("update fieldManager of 129 bytes", "PUT", keep + "?fieldManager=" + LONG, replaced, 422, "Invalid",
            "UpdateOptions.meta.k8s.io \"\" is invalid: " + TOO_LONG),
        new Case("patch fieldManager with a DEL", "PATCH", keep + "?fieldManager=" + q("x\u007f"), "{\"spec\":{\"size\":9}}", 422,
            "Invalid", "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Invalid value: \"x\\x7f\": "
            + "invalid character U+007F (at position 1)"),
        new Case("create dryRun=Bogus", "POST", WIDGETS + "?dryRun=Bogus", widget, 422, "Invalid",
            "CreateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: \"Bogus\": supported values: \"All\""),
        new Case("delete propagationPolicy=Sideways", "DELETE", keep + "?propagationPolicy=Sideways", null, 422, "Invalid",
            "propagationPolicy: Unsupported value: \"Sideways\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("each bad parameter is refused and nothing is stored, changed or deleted")
  void refusedParameters(Case c) throws Exception {
    String before = server.send("GET", WIDGETS, null).body();
    HttpResponse<String> r = c.body() == null ? server.send(c.method(), c.pathAndQuery(), null)
        : server.send(c.method(), c.pathAndQuery(), c.body(), "Content-Type",
            c.method().equals("PATCH") ? "application/merge-patch+json" : "application/json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(c.code());
    JsonNode s = RestApiCrudTest.json(r);
    assertThat(s.at("/kind").asText()).isEqualTo("Status");
    assertThat(s.at("/reason").asText()).isEqualTo(c.reason());
    assertThat(s.at("/message").asText()).contains(c.message()).doesNotContainPattern(StrictDecodingTest.INTERNALS);
    assertThat(server.send("GET", WIDGETS, null).body()).as("nothing changed").isEqualTo(before);
  }

  @Test
  @DisplayName("a 128-byte field manager is accepted")
  void longestFieldManager() throws Exception {
    HttpResponse<String> r = server.send("POST", WIDGETS + "?dryRun=All&fieldManager=" + "m".repeat(128),
        RestApiCrudTest.widget("dry", "red"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  @Test
  @DisplayName("a watch with a negative timeoutSeconds ends at once, as kube's")
  void negativeWatchTimeout() throws Exception {
    HttpRequest req = HttpRequest.newBuilder(server.base().resolve(WIDGETS + "?watch=true&timeoutSeconds=-5"))
        .timeout(Duration.ofMinutes(2)).build();
    HttpResponse<String> r = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
  }
}
