package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base of the kubectl end-to-end tests: one {@code java -jar custom-apiserver.war} per test class
 * (fresh data directory) and a {@link Kubectl} with its own HOME pointed at it.
 */
abstract class KubectlServerTest {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void startServer() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** Asserts kubectl succeeded (else fails with its output). */
  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  /** Asserts kubectl failed (else fails with its output). */
  static Kubectl.Result fails(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isNotZero();
    return r;
  }
}
