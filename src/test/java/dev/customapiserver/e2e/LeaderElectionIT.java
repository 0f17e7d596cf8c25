package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Leader election over coordination.k8s.io Leases, each candidate a separate JVM ({@link LeaderCandidate})
 * running a real client's LeaderElector against the packaged server: exactly one leader; once the
 * leader is killed with SIGKILL, the other candidate takes the lease over. Waits poll against
 * deadlines (progress, not timing).
 */
@DisplayName("Leader election across two processes on a Lease")
class LeaderElectionIT {
  static final Duration DEADLINE = Duration.ofSeconds(60);
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path tmp;
  static ServerProcess server;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "{0} and {1}")
  @CsvSource({"fabric8, fabric8", "official, official", "fabric8, official"})
  @DisplayName("one leader at a time; the other takes over after the leader is killed")
  void failover(String firstClient, String secondClient) throws Exception {
    String lease = "lock-" + firstClient + "-" + secondClient;
    Candidate first = Candidate.start(firstClient, lease, "first");
    Candidate second = null;
    try {
      await(() -> first.said("LEADING first"), "the first candidate to lead", first);
      second = Candidate.start(secondClient, lease, "second");
      Candidate follower = second;
      await(() -> follower.said("LEADER first"), "the second candidate to see the first as leader", second);
      JsonNode held = lease(lease);
      assertThat(held.at("/spec/holderIdentity").asText()).isEqualTo("first");
      String version = held.at("/metadata/resourceVersion").asText();
      await(() -> !lease(lease).at("/metadata/resourceVersion").asText().equals(version), "the leader to renew", first);
      assertThat(second.said("LEADING second")).as("the follower does not lead while the leader renews").isFalse();

      first.kill();
      await(() -> follower.said("LEADING second"), "the second candidate to take over", second);
      JsonNode taken = lease(lease);
      assertThat(taken.at("/spec/holderIdentity").asText()).isEqualTo("second");
      assertThat(taken.at("/spec/leaseTransitions").asInt()).isEqualTo(held.at("/spec/leaseTransitions").asInt() + 1);
      assertThat(taken.at("/spec/leaseDurationSeconds").asInt()).isEqualTo(4);
      assertThat(taken.at("/spec/renewTime").asText()).matches(".*\\.\\d{6}Z");
    } finally {
      first.kill();
      if (second != null) {
        second.kill();
      }
    }
  }

  static JsonNode lease(String name) {
    try {
      var r = server.get("/apis/coordination.k8s.io/v1/namespaces/default/leases/" + name, server.token());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      return JSON.readTree(r.body());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static void await(BooleanSupplier condition, String what, Candidate watched) throws InterruptedException {
    Instant deadline = Instant.now().plus(DEADLINE);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(deadline) || !watched.process.isAlive()) {
        throw new AssertionError("gave up waiting for " + what + "; candidate said:\n" + String.join("\n", watched.lines));
      }
      Thread.sleep(100); // polling against the deadline above
    }
  }

  /** A {@link LeaderCandidate} process and the lines it printed. */
  static final class Candidate {
    final Process process;
    final List<String> lines = new CopyOnWriteArrayList<>();

    private Candidate(Process process) {
      this.process = process;
      Thread reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line; (line = r.readLine()) != null; ) {
            lines.add(line);
          }
        } catch (IOException e) {
          lines.add("(output ended: " + e.getMessage() + ")");
        }
      }, "candidate-output");
      reader.setDaemon(true);
      reader.start();
    }

    static Candidate start(String client, String lease, String identity) throws IOException {
      String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", classpath, LeaderCandidate.class.getName(), client, server.kubeconfig().toString(), "default", lease, identity));
      return new Candidate(new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    boolean said(String line) {
      return lines.contains(line);
    }

    void kill() throws InterruptedException {
      process.destroyForcibly().waitFor();
    }
  }
}
