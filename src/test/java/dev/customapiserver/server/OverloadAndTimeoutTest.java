package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.filters.TimeoutFilter;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.embedded.EmbeddedServer;
import dev.customapiserver.server.RequestPipeline.Stage;
import dev.customapiserver.testing.PrometheusText;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Overload and time limits: 429 TooManyRequests beyond the in-flight limits, 504 Timeout beyond the request timeout")
class OverloadAndTimeoutTest {
  static final String ADMIN = "admin-token";
  static final String ALICE = "alice-token";
  @TempDir Path dir;
  final HttpClient http = HttpClient.newHttpClient();
  final HoldResource hold = new HoldResource();
  final ObjectMapper json = new ObjectMapper();
  EmbeddedServer server;
  URI base;

  void start(Map<Option, String> flags) throws Exception {
    start(flags, null);
  }

  /** With {@code writeBound} in place of kube's 34 s bound for writes when not null. */
  void start(Map<Option, String> flags, Duration writeBound) throws Exception {
    ServerConfig config = new ServerConfig(dir, 0, "127.0.0.1", OptionalInt.of(0), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000).withFlags(Flags.with(flags));
    Codecs codecs = new Codecs();
    AuthenticationChain authn = AuthenticationChain.ofTokens(List.of(TokenAuthenticator.of(Map.of(
        ADMIN, UserInfo.of("admin", "system:masters"), ALICE, UserInfo.of("alice", "dev")))));
    Operations ops = new Operations();
    RequestPipeline pipeline = PipelineWiring.operations(
        RequestPipeline.standard(codecs, Clock.systemUTC(), authn, Authorizer.authenticatedMayDoEverything()), config, codecs, ops);
    if (writeBound != null) {
      pipeline = pipeline.with(Stage.TIMEOUT,
          new TimeoutFilter(config.flags().duration(Option.REQUEST_TIMEOUT), writeBound, ops.metrics(), codecs));
    }
    ApiServer api = new ApiServer(codecs, new FakeStorage(), new ResourceConfig().register(hold), pipeline, new Background(), ops);
    server = EmbeddedServer.start(config, new DataDirectory(dir, Clock.systemUTC(), new SecureRandom()).servingIdentity(List.of()), api);
    base = server.plainUri().orElseThrow();
  }

  @AfterEach
  void stop() {
    hold.release.countDown();
    if (server != null) {
      server.close();
    }
  }

  HttpRequest request(String method, String path, String token) {
    return HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token)
        .method(method, HttpRequest.BodyPublishers.noBody()).build();
  }

  HttpResponse<String> send(String method, String path, String token) throws Exception {
    return http.send(request(method, path, token), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @DisplayName("a burst beyond --max-requests-inflight gets 429 with Retry-After; masters, watches and mutating requests are not held back by it")
  void burst() throws Exception {
    start(Map.of(Option.MAX_REQUESTS_INFLIGHT, "2", Option.ENABLE_PRIORITY_AND_FAIRNESS, "false"));
    CompletableFuture<HttpResponse<String>> first = http.sendAsync(request("GET", "/hold", ALICE), HttpResponse.BodyHandlers.ofString());
    CompletableFuture<HttpResponse<String>> second = http.sendAsync(request("GET", "/hold", ALICE), HttpResponse.BodyHandlers.ofString());
    assertThat(hold.arrived.tryAcquire(2, 60, TimeUnit.SECONDS)).as("both seats taken").isTrue();

    HttpResponse<String> refused = send("GET", "/quick", ALICE);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.headers().firstValue("Retry-After")).contains("1");
    JsonNode status = json.readTree(refused.body());
    assertThat(status.path("kind").asText()).isEqualTo("Status");
    assertThat(status.path("reason").asText()).isEqualTo("TooManyRequests");
    assertThat(status.path("message").asText()).isEqualTo("Too many requests, please try again later.");
    assertThat(status.path("details").path("retryAfterSeconds").asInt()).isEqualTo(1);

    assertThat(send("GET", "/quick", ADMIN).statusCode()).as("system:masters is exempt").isEqualTo(200);
    assertThat(send("POST", "/quick", ALICE).statusCode()).as("mutating requests have their own limit").isEqualTo(200);
    assertThat(send("GET", "/api/v1/namespaces?watch=true", ALICE).statusCode()).as("a watch is not counted").isNotEqualTo(429);
    assertThat(send("GET", "/healthz", ALICE).statusCode()).as("probes are not limited").isEqualTo(200);

    hold.release.countDown();
    assertThat(first.get(60, TimeUnit.SECONDS).body()).isEqualTo("held");
    assertThat(second.get(60, TimeUnit.SECONDS).body()).isEqualTo("held");
    assertThat(send("GET", "/quick", ALICE).statusCode()).as("seats free again").isEqualTo(200);

    PrometheusText m = PrometheusText.parse(send("GET", "/metrics", ADMIN).body(), false);
    assertThat(m.sum("apiserver_request_total", "verb", "GET", "code", "429")).isEqualTo(1);
    assertThat(m.sum("apiserver_flowcontrol_rejected_requests_total")).isEqualTo(1);
  }

  @Test
  @DisplayName("with --enable-priority-and-fairness a request waits for a seat instead of being refused")
  void fairQueuing() throws Exception {
    start(Map.of(Option.MAX_REQUESTS_INFLIGHT, "1", Option.ENABLE_PRIORITY_AND_FAIRNESS, "true"));
    CompletableFuture<HttpResponse<String>> first = http.sendAsync(request("GET", "/hold", ALICE), HttpResponse.BodyHandlers.ofString());
    assertThat(hold.arrived.tryAcquire(60, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<HttpResponse<String>> queued = http.sendAsync(request("GET", "/quick", ALICE), HttpResponse.BodyHandlers.ofString());
    hold.release.countDown();
    assertThat(first.get(60, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(queued.get(60, TimeUnit.SECONDS).statusCode()).as("served once the seat was free").isEqualTo(200);
  }

  @Test
  @DisplayName("a request slower than --request-timeout gets kube's timeout filter's 504 as it writes it; its handler sees its deadline expired")
  void timeout() throws Exception {
    start(Map.of(Option.REQUEST_TIMEOUT, "1s"));
    HttpResponse<String> r = send("GET", "/hold", ALICE);
    assertThat(r.statusCode()).isEqualTo(504);
    assertThat(r.body()).as("Go's json.Encoder of the Status without its type, a newline at the end").isEqualTo(
        "{\"metadata\":{},\"status\":\"Failure\",\"message\":\"Timeout: request did not complete within the allotted timeout\","
            + "\"reason\":\"Timeout\",\"details\":{},\"code\":504}\n");
    assertThat(r.headers().firstValue("Content-Type").orElseThrow().replace(" ", "")).as("Jetty drops the space")
        .isEqualTo("text/plain;charset=utf-8");
    assertThat(r.headers().firstValue("Cache-Control")).contains("no-cache, private");
    assertThat(r.headers().firstValue("Audit-Id")).isPresent();
    assertThat(r.headers().firstValue("Retry-After")).isEmpty();

    hold.release.countDown();
    assertThat(hold.finished.tryAcquire(60, TimeUnit.SECONDS)).isTrue();
    assertThat(hold.sawDeadlineExpired).as("the handler is told to stop").isTrue();
    assertThat(send("GET", "/quick", ALICE).body()).isEqualTo("quick");

    HttpResponse<String> bad = send("GET", "/quick?timeout=soon", ALICE);
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(json.readTree(bad.body()).path("message").asText()).isEqualTo("invalid timeout specified in the request URL");

    PrometheusText m = PrometheusText.parse(send("GET", "/metrics", ADMIN).body(), false);
    assertThat(m.sum("apiserver_request_total", "verb", "GET", "code", "504")).isEqualTo(1);
    assertThat(m.sum("apiserver_request_terminations_total", "code", "504")).isEqualTo(1);
  }

  @Test
  @DisplayName("a create still running at kube's upper bound for writes gets the handler's 504 (a whole Status), before --request-timeout")
  void writeUpperBound() throws Exception {
    start(Map.of(Option.REQUEST_TIMEOUT, "60s"), Duration.ofSeconds(1));
    HttpResponse<String> r = send("POST", "/apis/test.dev/v1/namespaces/default/widgets", ALICE);
    assertThat(r.statusCode()).isEqualTo(504);
    assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
    JsonNode status = json.readTree(r.body());
    assertThat(status.path("kind").asText()).isEqualTo("Status");
    assertThat(status.path("reason").asText()).isEqualTo("Timeout");
    assertThat(status.path("message").asText())
        .isEqualTo("Timeout: request did not complete within requested timeout - context deadline exceeded");
    assertThat(status.has("details")).as("no retry hint: details without retryAfterSeconds").isTrue();
    assertThat(status.path("details").has("retryAfterSeconds")).isFalse();
    hold.release.countDown();
    assertThat(hold.finished.tryAcquire(60, TimeUnit.SECONDS)).isTrue();
    assertThat(hold.sawDeadlineExpired).as("the write is told to stop").isTrue();
  }

  @Test
  @DisplayName("?timeout= shorter than --request-timeout applies")
  void shorterTimeoutParameter() throws Exception {
    start(Map.of());
    assertThat(send("GET", "/hold?timeout=1s", ALICE).statusCode()).isEqualTo(504);
  }
}
