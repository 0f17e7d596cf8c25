package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A namespace deletion cut short by kill -9: after the restart the namespace controller finishes it.
 * (Whether the kill lands mid-way depends on timing; the in-process NamespaceRestartTest holds a
 * namespace in Terminating across a restart deterministically.)
 */
@DisplayName("kubectl: a namespace deletion survives kill -9 of the server")
class NamespaceRestartIT {
  static final int FOOS = 200;
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("a namespace with 200 Foos, deleted and the server killed at once, is gone with its Foos after the restart")
  void resumesAfterKill() throws Exception {
    assertThat(server.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"big\"}}", "application/json").statusCode())
        .isEqualTo(201);
    FooRequests foos = new FooRequests(server, "big");
    for (int i = 0; i < FOOS; i++) {
      HttpResponse<String> r = foos.create("f" + i, "m");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    }
    HttpResponse<String> deleted = server.send("DELETE", "/api/v1/namespaces/big", null, null);
    server.kill();
    assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
    JsonNode ns = FooRequests.read(deleted.body());
    assertThat(ns.path("status").path("phase").asText()).isEqualTo("Terminating");

    server.restart();
    HttpResponse<String> after = server.send("GET", "/api/v1/namespaces/big", null, null);
    if (after.statusCode() == 200) {
      assertThat(FooRequests.read(after.body()).path("status").path("phase").asText()).as("still being deleted after the restart")
          .isEqualTo("Terminating");
    }
    Kubectl.Result wait = kubectl.run("wait", "--for=delete", "namespace/big", "--timeout=120s");
    assertThat(wait.exitCode()).as(wait.toString()).isZero();
    assertThat(kubectl.run("get", "foos", "-n", "big").err()).contains("No resources found in big namespace.");
    assertThat(kubectl.run("get", "ns", "default").out()).containsPattern("default\\s+Active");
  }
}
