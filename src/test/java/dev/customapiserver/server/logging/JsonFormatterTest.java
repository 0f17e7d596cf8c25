package dev.customapiserver.server.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.request.RequestInfo;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("--logging-format=json: one JSON object per line with the request's audit ID, user, verb and resource")
class JsonFormatterTest {
  final JsonFormatter formatter = new JsonFormatter();
  final ObjectMapper json = new ObjectMapper();

  @Test
  @DisplayName("a record logged with the request context carries ts, level, msg, auditID, user, verb and resource")
  void withRequest() throws Exception {
    RequestContext context = new RequestContext(new RequestInfo("create", true, "/apis/hello.zeng.dev/v1/namespaces/ns/foos",
        "hello.zeng.dev", "v1", "ns", "foos", "", ""), "a-1", Instant.now());
    context.authenticatedUser(UserInfo.of("alice", "dev"));
    LogRecord r = new LogRecord(Level.WARNING, "Request timed out after {0}:\n{1}");
    r.setParameters(new Object[] {"PT1S", "POST /x", context});
    r.setLoggerName("dev.customapiserver.filters.TimeoutFilter");

    String line = formatter.format(r);
    assertThat(line).endsWith(System.lineSeparator());
    assertThat(line.strip()).doesNotContain("\n");
    JsonNode n = json.readTree(line);
    assertThat(n.path("ts").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
    assertThat(n.path("level").asText()).isEqualTo("warning");
    assertThat(n.path("msg").asText()).isEqualTo("Request timed out after PT1S:\nPOST /x");
    assertThat(n.path("auditID").asText()).isEqualTo("a-1");
    assertThat(n.path("user").asText()).isEqualTo("alice");
    assertThat(n.path("verb").asText()).isEqualTo("create");
    assertThat(n.path("resource").asText()).isEqualTo("foos.hello.zeng.dev");
    assertThat(n.path("namespace").asText()).isEqualTo("ns");
  }

  @Test
  @DisplayName("a record without request has no request fields; an exception is one escaped field, still one line")
  void plain() throws Exception {
    LogRecord r = new LogRecord(Level.SEVERE, "boom");
    r.setThrown(new IllegalStateException("bad"));
    String line = formatter.format(r);
    assertThat(line.strip()).doesNotContain("\n");
    JsonNode n = json.readTree(line);
    assertThat(n.path("level").asText()).isEqualTo("error");
    assertThat(n.has("auditID")).isFalse();
    assertThat(n.path("err").asText()).isEqualTo("java.lang.IllegalStateException: bad");
    assertThat(n.path("stacktrace").asText()).contains("JsonFormatterTest");
  }

  @Test
  @DisplayName("text and json are the formats; anything else is refused naming the flag")
  void formats() {
    assertThat(LogSetup.formatter("json")).isInstanceOf(JsonFormatter.class);
    assertThat(LogSetup.formatter("text")).isNotInstanceOf(JsonFormatter.class);
    assertThatThrownBy(() -> LogSetup.formatter("xml")).hasMessage("invalid value \"xml\" for --logging-format: must be text or json");
  }
}
