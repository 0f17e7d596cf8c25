package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.embedded.EmbeddedServer;
import dev.customapiserver.testing.PrometheusText;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("/metrics of the production wiring: kube-apiserver's metric names and labels, scraped and parsed")
class MetricsEndpointTest {
  static final String TOKEN = "metrics-admin-token";
  @TempDir static Path dir;
  static EmbeddedServer server;
  static URI base;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    ServerConfig config = new ServerConfig(dir, 0, "127.0.0.1", OptionalInt.of(0), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000);
    server = EmbeddedServer.start(config, new DataDirectory(dir, Clock.systemUTC(), new SecureRandom())
        .servingIdentity(List.of()), ApiServer.create(config, TOKEN));
    base = server.plainUri().orElseThrow();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> asAdmin(String method, String path, String body, String... headers) throws Exception {
    String[] all = Arrays.copyOf(headers, headers.length + 2);
    all[headers.length] = "Authorization";
    all[headers.length + 1] = "Bearer " + TOKEN;
    return send(method, path, body, all);
  }

  @Test
  @DisplayName("requests, latencies, storage and JVM metrics appear under kube's names with kube's labels and buckets")
  void scrape() throws Exception {
    assertThat(asAdmin("POST", "/api/v1/namespaces", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"m1\"}}")
        .statusCode()).isEqualTo(201);
    assertThat(asAdmin("GET", "/api/v1/namespaces/m1", null).statusCode()).isEqualTo(200);
    assertThat(asAdmin("GET", "/api/v1/namespaces/nope", null).statusCode()).isEqualTo(404);

    HttpResponse<String> scrape = asAdmin("GET", "/metrics", null);
    assertThat(scrape.statusCode()).isEqualTo(200);
    assertThat(scrape.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain; version=0.0.4"));
    PrometheusText m = PrometheusText.parse(scrape.body(), false);

    assertThat(m.sum("apiserver_request_total", "verb", "POST", "group", "", "version", "v1", "resource", "namespaces",
        "subresource", "", "scope", "resource", "component", "apiserver", "code", "201", "dry_run", "")).isEqualTo(1);
    assertThat(m.sum("apiserver_request_total", "verb", "GET", "resource", "namespaces", "code", "200")).isEqualTo(1);
    assertThat(m.sum("apiserver_request_total", "verb", "GET", "resource", "namespaces", "code", "404")).isEqualTo(1);
    assertThat(m.type("apiserver_request_duration_seconds")).contains("histogram");
    assertThat(m.samples("apiserver_request_duration_seconds_bucket", "verb", "POST", "resource", "namespaces"))
        .extracting(s -> s.labels().get("le"))
        .containsExactly("0.005", "0.025", "0.05", "0.1", "0.2", "0.4", "0.6", "0.8", "1.0", "1.25", "1.5", "2.0", "3.0",
            "4.0", "5.0", "6.0", "8.0", "10.0", "15.0", "20.0", "30.0", "45.0", "60.0", "+Inf");
    assertThat(m.sum("apiserver_current_inflight_requests", "request_kind", "readOnly"))
        .as("the scrape itself is in flight").isEqualTo(1);
    assertThat(m.sum("apiserver_current_inflight_requests", "request_kind", "mutating")).isZero();
    assertThat(m.sum("apiserver_storage_objects", "resource", "namespaces")).isGreaterThanOrEqualTo(1);
    assertThat(m.sum("etcd_request_duration_seconds_count", "operation", "create", "type", "namespaces")).isGreaterThanOrEqualTo(1);
    assertThat(m.sum("authentication_attempts_total", "result", "success")).isGreaterThanOrEqualTo(3);
    assertThat(m.samples("jvm_memory_used_bytes")).isNotEmpty();
    assertThat(m.samples("process_cpu_seconds_total")).isNotEmpty();
  }

  @Test
  @DisplayName("a dry run and a watch are labelled as kube labels them; the open watch is a long-running request")
  void dryRunAndWatch() throws Exception {
    assertThat(asAdmin("POST", "/api/v1/namespaces?dryRun=All",
        "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"dry\"}}").statusCode()).isEqualTo(201);
    HttpRequest watch = HttpRequest.newBuilder(base.resolve("/api/v1/namespaces?watch=true&timeoutSeconds=30"))
        .header("Authorization", "Bearer " + TOKEN).build();
    HttpResponse<java.io.InputStream> open = http.send(watch, HttpResponse.BodyHandlers.ofInputStream());
    try {
      assertThat(open.statusCode()).isEqualTo(200);
      PrometheusText m = PrometheusText.parse(asAdmin("GET", "/metrics", null).body(), false);
      assertThat(m.sum("apiserver_request_total", "verb", "POST", "resource", "namespaces", "dry_run", "All")).isEqualTo(1);
      assertThat(m.sum("apiserver_longrunning_requests", "verb", "WATCH", "resource", "namespaces", "scope", "cluster"))
          .isEqualTo(1);
      assertThat(m.sum("apiserver_registered_watchers", "group", "", "version", "v1", "kind", "Namespace")).isGreaterThanOrEqualTo(1);
    } finally {
      open.body().close();
    }
  }

  @Test
  @DisplayName("OpenMetrics when the Accept header asks for it")
  void openMetrics() throws Exception {
    HttpResponse<String> scrape = asAdmin("GET", "/metrics", null, "Accept", "application/openmetrics-text; version=1.0.0; charset=utf-8");
    assertThat(scrape.statusCode()).isEqualTo(200);
    assertThat(scrape.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/openmetrics-text"));
    PrometheusText m = PrometheusText.parse(scrape.body(), true);
    assertThat(m.type("apiserver_request")).contains("counter");
  }

  @Test
  @DisplayName("/metrics goes through authentication and authorization: anonymous is refused with a Status")
  void anonymousRefused() throws Exception {
    HttpResponse<String> r = send("GET", "/metrics", null);
    assertThat(r.statusCode()).isIn(401, 403);
    assertThat(r.body()).contains("\"kind\":\"Status\"");
  }
}
