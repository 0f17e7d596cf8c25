package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.datadir.ServingIdentity;
import dev.customapiserver.server.embedded.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The servlet wiring (filters, health, REST application) on embedded Jetty")
class ApiServerTest {
  static final String UNAUTHORIZED =
      "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Unauthorized\","
          + "\"reason\":\"Unauthorized\",\"code\":401}\n";
  static final String ADMIN = "admin-token";
  static final String ALICE = "alice-token";

  @TempDir static Path dataDir;
  static FakeStorage storage = new FakeStorage();
  static EmbeddedServer server;
  static URI base;
  final HttpClient http = HttpClient.newHttpClient();

  static EmbeddedServer start(Path dir, StorageBackendHolder holder, Authorizer authorizer) throws Exception {
    ServerConfig config = new ServerConfig(dir, 0, "127.0.0.1", OptionalInt.of(0), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000);
    ServingIdentity identity = new DataDirectory(dir, Clock.systemUTC(), new SecureRandom()).servingIdentity(List.of());
    TokenAuthenticator tokens = TokenAuthenticator.of(Map.of(
        ADMIN, UserInfo.of("admin", "system:masters"),
        ALICE, new UserInfo("alice", "u-1", List.of("dev"), Map.of())));
    Codecs codecs = new Codecs();
    RequestPipeline pipeline = RequestPipeline.standard(codecs, Clock.systemUTC(), AuthenticationChain.ofTokens(List.of(tokens)), authorizer);
    ApiServer api = new ApiServer(codecs, holder.storage(), new ResourceConfig(TestResources.class), pipeline, new Background(),
        new Operations());
    return EmbeddedServer.start(config, identity, api);
  }

  /** Lets nested tests reuse the helper with another storage. */
  record StorageBackendHolder(FakeStorage storage) {}

  @BeforeAll
  static void startServer() throws Exception {
    server = start(dataDir, new StorageBackendHolder(storage), Authorizer.authenticatedMayDoEverything());
    base = server.plainUri().orElseThrow();
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
    assertThat(storage.closed).as("storage closed with the context").isTrue();
  }

  HttpResponse<String> get(String path, String token) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @DisplayName("/healthz and /livez answer ok as text/plain without credentials")
  void health() throws Exception {
    for (String p : List.of("/healthz", "/livez", "/healthz/ping")) {
      HttpResponse<String> r = get(p, null);
      assertThat(r.statusCode()).as(p).isEqualTo(200);
      assertThat(r.body()).isEqualTo("ok");
      assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
    }
    assertThat(get("/healthz/nope", null).statusCode()).isEqualTo(404);
    assertThat(get("/livez?verbose", null).body()).isEqualTo("[+]ping ok\nlivez check passed\n");
  }

  @Test
  @DisplayName("/readyz follows the storage's health")
  void readyz() throws Exception {
    assertThat(get("/readyz", null).body()).isEqualTo("ok");
    storage.healthy.set(false);
    try {
      HttpResponse<String> r = get("/readyz", null);
      assertThat(r.statusCode()).isEqualTo(500);
      assertThat(r.body()).isEqualTo("[+]ping ok\n[-]storage failed: reason withheld\n[+]watch-cache ok\n[+]shutdown ok\nreadyz check failed\n");
      assertThat(get("/readyz/storage", null).statusCode()).isEqualTo(500);
      assertThat(get("/readyz?exclude=storage", null).statusCode()).isEqualTo(200);
    } finally {
      storage.healthy.set(true);
    }
  }

  @Test
  @DisplayName("/readyz fails until the watch cache has loaded every resource, then passes")
  void readyzWaitsForWatchCache() throws Exception {
    storage.synced.set(false);
    try {
      HttpResponse<String> r = get("/readyz", null);
      assertThat(r.statusCode()).isEqualTo(500);
      assertThat(r.body()).isEqualTo("[+]ping ok\n[+]storage ok\n[-]watch-cache failed: reason withheld\n[+]shutdown ok\nreadyz check failed\n");
      assertThat(get("/readyz/watch-cache", null).statusCode()).isEqualTo(500);
      assertThat(get("/livez", null).statusCode()).as("alive while syncing").isEqualTo(200);
    } finally {
      storage.synced.set(true);
    }
    assertThat(get("/readyz", null).statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName("/version is open; /api without a token is system:anonymous, refused 403 as kube-apiserver's RBAC does")
  void openAndClosed() throws Exception {
    assertThat(get("/version", null).statusCode()).isEqualTo(200);
    HttpResponse<String> r = get("/api", null);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
    assertThat(r.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
        + "\"message\":\"forbidden: User \\\"system:anonymous\\\" cannot get path \\\"/api\\\"\",\"reason\":\"Forbidden\","
        + "\"details\":{},\"code\":403}\n");
  }

  @Test
  @DisplayName("'Bearer  <token>' (two spaces) carries no token: anonymous with kube's warning, never the token's user")
  void twoSpaces() throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/api")).header("Authorization", "Bearer  " + ADMIN)
        .build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("system:anonymous");
    assertThat(r.headers().firstValue("Warning")).contains("299 - \"the provided Authorization header contains extra "
        + "space before the bearer token, and is ignored\"");
  }

  @Test
  @DisplayName("an unknown token is 401 everywhere, even on open paths, as in kube-apiserver (indented for curl)")
  void badToken() throws Exception {
    assertThat(get("/api", "nope").body()).isEqualTo(UNAUTHORIZED);
    assertThat(get("/healthz", "nope").statusCode()).isEqualTo(401);
    HttpResponse<String> curl = http.send(HttpRequest.newBuilder(base.resolve("/api")).header("Authorization", "Bearer nope")
        .header("User-Agent", "curl/8.5.0").build(), HttpResponse.BodyHandlers.ofString());
    assertThat(curl.body()).isEqualTo("{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {},\n"
        + "  \"status\": \"Failure\",\n  \"message\": \"Unauthorized\",\n  \"reason\": \"Unauthorized\",\n  \"code\": 401\n}");
  }

  @Test
  @DisplayName("the admin token and token-file users pass; the REST layer sees the user as a request property")
  void users() throws Exception {
    assertThat(get("/api", ADMIN).statusCode()).isEqualTo(200);
    assertThat(get("/whoami", ADMIN).body()).isEqualTo("admin system:masters,system:authenticated");
    assertThat(get("/whoami", ALICE).body()).isEqualTo("alice dev,system:authenticated");
    assertThat(get("/whoami", null).statusCode()).isEqualTo(403);
  }

  @Test
  @DisplayName("every answer, success or refusal, says Cache-Control: no-cache, private, as kube's WithCacheControl")
  void cacheControl() throws Exception {
    for (HttpResponse<String> r : List.of(get("/api", ADMIN), get("/whoami", ALICE), get("/whoami", null), get("/version", null),
        get("/healthz", null))) {
      assertThat(r.headers().allValues("Cache-Control")).as(r.uri() + " " + r.statusCode()).containsExactly("no-cache, private");
    }
  }

  @Test
  @DisplayName("an unexpected exception is a 500 Status without internals")
  void panic() throws Exception {
    HttpResponse<String> r = get("/boom", ADMIN);
    assertThat(r.statusCode()).isEqualTo(500);
    assertThat(r.body()).startsWith("{\"kind\":\"Status\"").contains("\"reason\":\"InternalError\"")
        .doesNotContain("secret internals").doesNotContain("IllegalStateException").doesNotContain("\tat ");
  }

  @Test
  @DisplayName("a bare error status from below (Jersey's 404 for an unknown path) becomes a NotFound Status")
  void errorsAsStatus() throws Exception {
    HttpResponse<String> unknown = get("/no/such/path", ADMIN);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.headers().firstValue("Content-Type")).contains("application/json");
    assertThat(unknown.body()).contains("\"reason\":\"NotFound\"").contains("the server could not find the requested resource");
  }

  @Nested
  @DisplayName("with an authorizer that denies")
  class Denying {
    @TempDir Path otherDir;

    @Test
    @DisplayName("a denied request is 403 with kube-apiserver's Forbidden Status")
    void forbidden() throws Exception {
      try (EmbeddedServer denying = start(otherDir, new StorageBackendHolder(new FakeStorage()),
          a -> Authorizer.Decision.deny(""))) {
        URI uri = denying.plainUri().orElseThrow();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri.resolve("/apis/hello.zeng.dev/v1/namespaces/default/foos/x"))
            .header("Authorization", "Bearer " + ALICE).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            + "\"message\":\"foos.hello.zeng.dev \\\"x\\\" is forbidden: User \\\"alice\\\" cannot get resource \\\"foos\\\" "
            + "in API group \\\"hello.zeng.dev\\\" in the namespace \\\"default\\\"\",\"reason\":\"Forbidden\","
            + "\"details\":{\"name\":\"x\",\"group\":\"hello.zeng.dev\",\"kind\":\"foos\"},\"code\":403}\n");
        HttpResponse<String> path = http.send(HttpRequest.newBuilder(uri.resolve("/api"))
            .header("Authorization", "Bearer " + ALICE).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(path.statusCode()).isEqualTo(403);
        assertThat(path.body()).contains("\"message\":\"forbidden: User \\\"alice\\\" cannot get path \\\"/api\\\"\"");
      }
    }
  }
}
