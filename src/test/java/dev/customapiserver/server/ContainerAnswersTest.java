package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.testing.RawHttp;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Every answer of the embedded server is a JSON Status, also those the container gives before our code runs")
class ContainerAnswersTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  static final String AUTH = "Bearer " + InProcessApiServer.TOKEN;
  @TempDir
  static Path dir;
  static InProcessApiServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new InProcessApiServer(dir);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** One odd request and the Status it must get. */
  public record Case(String name, String method, String target, String body, int code, String reason, String[] headers) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case c(String name, String method, String target, int code, String reason, String... headers) {
    return new Case(name, method, target, null, code, reason, headers);
  }

  public static Stream<Case> cases() {
    String bigHeader = "x".repeat(70 * 1024);
    return Stream.of(
        c("%2e%2e in the path", "GET", "/api/v1/namespaces/%2e%2e/x", 400, "BadRequest", "Authorization", AUTH),
        c("%2F in the path", "GET", WIDGETS + "/a%2Fb", 400, "BadRequest", "Authorization", AUTH),
        c("an empty segment (//)", "GET", "/apis//test.example.com/v2", 400, "BadRequest", "Authorization", AUTH),
        c("CONNECT to a host", "CONNECT", "example.com:443", 404, "NotFound", "Authorization", AUTH),
        c("CONNECT on a resource path", "CONNECT", WIDGETS, 405, "MethodNotAllowed", "Authorization", AUTH),
        c("CONNECT on an object's path", "CONNECT", "/api/v1/namespaces/default/configmaps/x", 405, "MethodNotAllowed",
            "Authorization", AUTH),
        c("a 64 KiB URL", "GET", WIDGETS + "?labelSelector=" + "a".repeat(64 * 1024), 414, "", "Authorization", AUTH),
        c("a 70 KiB header", "GET", WIDGETS, 431, "", "Authorization", AUTH, "X-Big", bigHeader),
        new Case("Content-Type garbage", "POST", WIDGETS, "{}", 415, "UnsupportedMediaType",
            new String[] {"Authorization", AUTH, "Content-Type", "garbage"}),
        c("Accept garbage/////", "GET", WIDGETS, 406, "NotAcceptable", "Authorization", AUTH, "Accept", "garbage/////"),
        c("OPTIONS", "OPTIONS", WIDGETS, 405, "MethodNotAllowed", "Authorization", AUTH),
        c("an unknown method", "BREW", WIDGETS, 405, "MethodNotAllowed", "Authorization", AUTH),
        c("no such path", "GET", "/nowhere", 404, "NotFound", "Authorization", AUTH));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("each is a Status with its code and reason, never HTML, never a 5xx")
  void statusAnswers(Case c) throws Exception {
    RawHttp.Response r = RawHttp.send(server.base, c.method(), c.target(), c.body(), c.headers());
    assertThat(r.code()).as(r.headers() + " " + r.body()).isEqualTo(c.code());
    assertThat(r.headers().get("content-type")).as(r.body()).startsWith("application/json");
    JsonNode s = new ObjectMapper().readTree(r.body());
    assertThat(s.at("/kind").asText()).isEqualTo("Status");
    assertThat(s.at("/apiVersion").asText()).isEqualTo("v1");
    assertThat(s.at("/status").asText()).isEqualTo("Failure");
    assertThat(s.at("/code").asInt()).isEqualTo(c.code());
    assertThat(s.at("/reason").asText()).isEqualTo(c.reason());
    assertThat(s.at("/message").asText()).isNotEmpty().doesNotContainPattern("(?i)jetty|jersey|java\\.|Exception|<html");
  }
}
