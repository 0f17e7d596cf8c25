package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Smoke test of {@code java -jar custom-apiserver.war}, over HTTPS with the generated kubeconfig. */
@DisplayName("java -jar custom-apiserver.war")
class ExecutableWarIT {
  static final String UNAUTHORIZED = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
      + "\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}\n"; // json.Encoder's newline, as kube
  @TempDir static Path tmp;
  static ServerProcess server;

  @BeforeAll
  static void start() throws Exception {
    Path tokens = tmp.resolve("token.csv");
    Files.writeString(tokens, "alice-token,alice,u-1,\"dev,ops\"\n");
    server = ServerProcess.start(tmp.resolve("data"), "--token-auth-file", tokens.toString());
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("writes a kubeconfig for the actual port, trusted over HTTPS, and says where it is")
  void kubeconfig() throws Exception {
    assertThat(server.url().getScheme()).isEqualTo("https");
    assertThat(server.url().getPort()).isPositive().isNotEqualTo(6443);
    assertThat(server.log()).contains("export KUBECONFIG=" + server.kubeconfig());
    assertThat(server.token()).isEqualTo(Files.readString(server.dataDir().resolve("admin.token")).trim());
  }

  @Test
  @DisplayName("lets anyone reach /version and /healthz without a token")
  void openPaths() throws Exception {
    assertThat(server.get("/healthz", null).body()).isEqualTo("ok");
    // /version belongs to the REST layer; here it must only pass the filters
    assertThat(server.get("/version", null).statusCode()).isNotIn(401, 403);
  }

  @Test
  @DisplayName("answers 401 with the Unauthorized Status for a wrong token; without one 403 for system:anonymous")
  void unauthorized() throws Exception {
    HttpResponse<String> none = server.get("/api", null);
    assertThat(none.statusCode()).isEqualTo(403);
    assertThat(none.body()).contains("User \\\"system:anonymous\\\" cannot get path");
    HttpResponse<String> wrong = server.get("/api", "wrong");
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.body()).isEqualTo(UNAUTHORIZED);
  }

  @Test
  @DisplayName("accepts the admin token and the tokens of --token-auth-file")
  void tokens() throws Exception {
    assertThat(server.get("/api", server.token()).statusCode()).isNotIn(401, 403);
    assertThat(server.get("/api", "alice-token").statusCode()).isNotIn(401, 403);
  }

  @Test
  @DisplayName("works for kubectl with the generated kubeconfig (when kubectl is installed)")
  void kubectl() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/kubectl")), "kubectl not installed");
    Process p = new ProcessBuilder("/usr/bin/kubectl", "--kubeconfig", server.kubeconfig().toString(), "get", "--raw", "/healthz")
        .redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).isEqualTo("ok");
  }
}
