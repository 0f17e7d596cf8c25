package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("java -jar custom-apiserver.war across starts")
class RestartIT {
  @TempDir Path tmp;

  @Test
  @DisplayName("after a SIGKILL, restarts on the same data directory with the same CA and admin token")
  void restartAfterKill() throws Exception {
    try (ServerProcess server = ServerProcess.start(tmp.resolve("data"))) {
      var ca = server.caCertificate();
      String token = server.token();
      String cert = Files.readString(server.dataDir().resolve("pki/apiserver.crt"));

      server.kill();
      server.restart();

      assertThat(server.caCertificate()).isEqualTo(ca);
      assertThat(server.token()).isEqualTo(token);
      assertThat(Files.readString(server.dataDir().resolve("pki/apiserver.crt"))).isEqualTo(cert);
      assertThat(server.get("/healthz", null).body()).isEqualTo("ok");
      assertThat(server.get("/api", token).statusCode()).isNotIn(401, 403);
    }
  }

  @Test
  @DisplayName("exits with 2 and the usage on an unknown flag, and with 1 naming the line of a bad token file")
  void badCommandLines() throws Exception {
    Path war = Path.of(System.getProperty("apiserver.war"));
    ServerProcess.Finished unknown = ServerProcess.run(war, tmp, "--no-such-flag");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.output()).contains("Error: unknown flag: --no-such-flag").contains("Usage:");

    Path tokens = tmp.resolve("token.csv");
    Files.writeString(tokens, "t1,alice,u-1\nt2,bob\n");
    ServerProcess.Finished badTokens = ServerProcess.run(war, tmp, "--data-dir", tmp.resolve("d").toString(),
        "--secure-port", "0", "--token-auth-file", tokens.toString());
    assertThat(badTokens.exitCode()).isEqualTo(1);
    assertThat(badTokens.output()).contains("line 2: expected at least 3 columns");
  }
}
