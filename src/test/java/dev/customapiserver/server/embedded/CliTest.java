package dev.customapiserver.server.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.ApiServer;
import dev.customapiserver.server.config.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The command line")
class CliTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final List<ServerConfig> started = new ArrayList<>();

  private int run(Cli.Runner runner, String... args) {
    return Cli.run(List.of(args), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), runner);
  }

  private int run(String... args) {
    return run(started::add, args);
  }

  @Test
  @DisplayName("an unknown flag prints the error and the usage and exits with 2 without starting")
  void unknownFlag() {
    assertThat(run("--bogus")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("Error: unknown flag: --bogus").contains("Usage:");
    assertThat(started).isEmpty();
  }

  @Test
  @DisplayName("a bad value exits with 2, printing the error but not the usage")
  void badValue() {
    assertThat(run("--secure-port", "x")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--secure-port").doesNotContain("Usage:");
  }

  @Test
  @DisplayName("an unknown admission plugin stops the start with kube-apiserver's message and exit code 2")
  void unknownAdmissionPlugin(@TempDir Path dir) {
    int code = run(c -> ApiServer.create(c, "token").close(), "--data-dir", dir.toString(),
        "--enable-admission-plugins", "Nope");
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("Error: enable-admission-plugins plugin \"Nope\" is unknown");
  }

  @Test
  @DisplayName("--help prints the usage on stdout and exits with 0")
  void help() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage:");
    assertThat(started).isEmpty();
  }

  @Test
  @DisplayName("valid flags start the server with the resolved configuration")
  void starts() {
    assertThat(run("--secure-port", "0", "--data-dir", "/tmp/x")).isZero();
    assertThat(started).singleElement().satisfies(c -> assertThat(c.securePort()).isZero());
  }

  @Test
  @DisplayName("a failure to start exits with 1 and says why, causes included")
  void startFailure() {
    int code = run(c -> {
      throw new IllegalStateException("Failed to bind", new java.net.BindException("Address already in use"));
    });
    assertThat(code).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Error: the server could not start: Failed to bind: Address already in use");
  }
}
