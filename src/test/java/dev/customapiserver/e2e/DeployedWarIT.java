package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The built WAR, deployed into embedded Jetty 12 by Arquillian, configured like in any container:
 * by environment (failsafe sets CUSTOM_APISERVER_DATA_DIR).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@DisplayName("The WAR deployed to a servlet container")
class DeployedWarIT {
  private final HttpClient http = HttpClient.newHttpClient();

  @ArquillianResource
  private URL base;

  @Deployment(testable = false)
  static WebArchive war() {
    return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("apiserver.war")));
  }

  private HttpResponse<String> get(String path) throws Exception {
    URI uri = base.toURI().resolve(path);
    return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @DisplayName("answers /healthz with ok without credentials")
  void healthz() throws Exception {
    HttpResponse<String> r = get("healthz");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).isEqualTo("ok");
  }

  @Test
  @DisplayName("answers /api without a token as system:anonymous: 403 with the Forbidden Status, as kube-apiserver")
  void unauthorized() throws Exception {
    HttpResponse<String> r = get("api");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
    assertThat(r.body()).contains("\"message\":\"forbidden: User \\\"system:anonymous\\\" cannot get path \\\"/api\\\"\"")
        .contains("\"reason\":\"Forbidden\"");
  }

  @Test
  @DisplayName("serves a watch over WebSocket: 101, then each event as a text message")
  void webSocketWatch() throws Exception {
    String token = Files.readString(Path.of(System.getenv("CUSTOM_APISERVER_DATA_DIR"), "admin.token")).trim();
    String name = "ws-" + Long.toHexString(System.nanoTime()); // the data directory outlives test runs
    URI root = base.toURI();
    URI ws = URI.create("ws://" + root.getHost() + ":" + root.getPort() + root.getPath()
        + "api/v1/namespaces?watch=true&fieldSelector=metadata.name%3D" + name);
    BlockingQueue<String> messages = new LinkedBlockingQueue<>();
    WebSocket socket = http.newWebSocketBuilder()
        .header("Authorization", "Bearer " + token)
        .buildAsync(ws, new WebSocket.Listener() {
          @Override
          public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
            messages.add(data.toString());
            w.request(1);
            return null;
          }
        }).get(15, TimeUnit.SECONDS);
    try {
      HttpResponse<String> created = http.send(HttpRequest.newBuilder(root.resolve("api/v1/namespaces"))
          .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"metadata\":{\"name\":\"" + name + "\"}}")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
      String event = messages.poll(15, TimeUnit.SECONDS);
      assertThat(event).as("an event within 15 s").isNotNull()
          .startsWith("{\"type\":\"ADDED\",\"object\":{").contains("\"kind\":\"Namespace\"").contains("\"name\":\"" + name + "\"");
    } finally {
      socket.abort();
    }
  }

  @Test
  @DisplayName("answers odd Content-Type and Accept headers and OPTIONS with a JSON Status, as embedded")
  void containerAnswersAreStatus() throws Exception {
    URI root = base.toURI();
    String token = Files.readString(Path.of(System.getenv("CUSTOM_APISERVER_DATA_DIR"), "admin.token")).trim();
    String prefix = root.getPath().replaceAll("/$", "");
    record Probe(String method, String target, int code, String reason, String... headers) {}
    for (Probe p : java.util.List.of(
        new Probe("POST", prefix + "/api/v1/namespaces", 415, "UnsupportedMediaType", "Content-Type", "garbage"),
        new Probe("GET", prefix + "/api/v1/namespaces", 406, "NotAcceptable", "Accept", "garbage/////"),
        new Probe("OPTIONS", prefix + "/api/v1/namespaces", 405, "MethodNotAllowed"))) {
      String[] headers = java.util.stream.Stream.concat(java.util.stream.Stream.of("Authorization", "Bearer " + token),
          java.util.Arrays.stream(p.headers())).toArray(String[]::new);
      var r = dev.customapiserver.testing.RawHttp.send(root, p.method(), p.target(), p.method().equals("POST") ? "{}" : null, headers);
      assertThat(r.code()).as(p + " " + r.body()).isEqualTo(p.code());
      assertThat(r.headers().get("content-type")).as(p.target()).startsWith("application/json");
      assertThat(r.body()).as(p.target()).contains("\"kind\":\"Status\"").contains("\"reason\":\"" + p.reason() + "\"")
          .doesNotContain("<html");
    }
  }
}
