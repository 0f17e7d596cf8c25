package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leader election of a Java Operator SDK operator ({@link JosdkFooOperator}) run as two processes
 * against the packaged server, as a ServiceAccount holding only a namespaced Role: JOSDK's own
 * permission check (a SelfSubjectRulesReview for get, create and update on leases) passes (fabric8's
 * LeaseLock renews with PATCH, so the Role grants patch as well), exactly one process holds the Lease and only
 * it reconciles; after the leader is killed with SIGKILL the other takes the Lease once it has
 * expired and reconciles from then on. Waits poll the Lease and the Foos against a deadline.
 */
@DisplayName("Java Operator SDK leader election across two processes")
class JosdkLeaderElectionIT {
  static final Duration DEADLINE = Duration.ofSeconds(90);
  static final ObjectMapper JSON = new ObjectMapper();
  static final String NS = "default";
  static final String LEASE = "foo-operator-lock";
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/" + NS + "/foos";
  @TempDir static Path tmp;
  static ServerProcess server;
  static String token;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    admin("POST", "/api/v1/namespaces/" + NS + "/serviceaccounts", "{\"metadata\":{\"name\":\"foo-operator\"}}");
    admin("POST", "/apis/rbac.authorization.k8s.io/v1/namespaces/" + NS + "/roles", """
        {"metadata":{"name":"foo-operator"},"rules":[
          {"apiGroups":["coordination.k8s.io"],"resources":["leases"],"verbs":["get","create","update","patch"]},
          {"apiGroups":["hello.zeng.dev"],"resources":["foos"],"verbs":["get","list","watch","patch","update"]}]}""");
    admin("POST", "/apis/rbac.authorization.k8s.io/v1/namespaces/" + NS + "/rolebindings", """
        {"metadata":{"name":"foo-operator"},"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"foo-operator"},
         "subjects":[{"kind":"ServiceAccount","name":"foo-operator","namespace":"default"}]}""");
    token = JSON.readTree(admin("POST", "/api/v1/namespaces/" + NS + "/serviceaccounts/foo-operator/token",
        "{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"TokenRequest\",\"spec\":{}}")).at("/status/token").asText();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("one leader reconciles; after kill -9 the other takes the expired Lease over and reconciles")
  void failover() throws Exception {
    createFoo("before");
    OperatorProcess a = OperatorProcess.start("op-a");
    OperatorProcess b = null;
    try {
      await(() -> a.said("STARTED op-a"), "op-a to pass JOSDK's permission check and start", a);
      await(() -> "op-a".equals(holder()), "op-a to hold the Lease", a);
      await(() -> "op-a".equals(reconciledBy("before")), "op-a to reconcile the Foo \"before\"", a);

      b = OperatorProcess.start("op-b");
      OperatorProcess follower = b;
      await(() -> follower.said("STARTED op-b"), "op-b to pass JOSDK's permission check and start", b);
      createFoo("while-a-leads");
      await(() -> "op-a".equals(reconciledBy("while-a-leads")), "the leader op-a to reconcile \"while-a-leads\"", a);
      JsonNode held = lease();
      String heldVersion = held.at("/metadata/resourceVersion").asText();
      await(() -> !lease().at("/metadata/resourceVersion").asText().equals(heldVersion), "op-a to renew the Lease", a);
      held = lease();
      assertThat(held.at("/spec/holderIdentity").asText()).isEqualTo("op-a");
      assertThat(b.lines).as("the follower reconciles nothing while the leader renews")
          .noneMatch(l -> l.startsWith("RECONCILED"));

      a.kill();
      await(() -> "op-b".equals(holder()), "op-b to take the Lease over", b);
      JsonNode taken = lease();
      assertThat(taken.at("/spec/leaseTransitions").asInt()).isEqualTo(held.at("/spec/leaseTransitions").asInt() + 1);
      // fabric8's LeaderElector stamps acquireTime before it reads the Lease and checks the expiry after,
      // so the stamp may precede the expiry by that read; a stale read (a renewal missed) would put it a
      // whole renewal period (RETRY) or more before
      assertThat(Instant.parse(taken.at("/spec/acquireTime").asText()))
          .as("taken over only once the killed leader's last renewal had expired")
          .isAfterOrEqualTo(Instant.parse(held.at("/spec/renewTime").asText()).plus(JosdkFooOperator.LEASE)
              .minus(JosdkFooOperator.RETRY.dividedBy(2)));
      createFoo("after");
      await(() -> "op-b".equals(reconciledBy("after")), "the new leader op-b to reconcile \"after\"", b);
      await(() -> "op-b".equals(reconciledBy("before")), "op-b to reconcile the existing Foos on taking over", b);
    } finally {
      a.kill();
      if (b != null) {
        b.kill();
      }
    }
  }

  static String admin(String method, String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = server.send(method, path, body, "application/json");
    assertThat(r.statusCode()).as(method + " " + path + ": " + r.body()).isBetween(200, 201);
    return r.body();
  }

  static void createFoo(String name) throws IOException, InterruptedException {
    admin("POST", FOOS, "{\"apiVersion\":\"hello.zeng.dev/v2\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"config\":{\"msg\":\"hi\"}}}");
  }

  static String reconciledBy(String foo) {
    return get(FOOS + "/" + foo).at("/metadata/annotations").path(JosdkFooOperator.RECONCILED_BY).asText(null);
  }

  static String holder() {
    return lease().at("/spec/holderIdentity").asText(null);
  }

  static JsonNode lease() {
    return get("/apis/coordination.k8s.io/v1/namespaces/" + NS + "/leases/" + LEASE);
  }

  static JsonNode get(String path) {
    try {
      HttpResponse<String> r = server.get(path, server.token());
      return r.statusCode() == 200 ? JSON.readTree(r.body()) : JSON.createObjectNode();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static void await(BooleanSupplier condition, String what, OperatorProcess watched) throws InterruptedException {
    Instant deadline = Instant.now().plus(DEADLINE);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(deadline) || !watched.process.isAlive()) {
        throw new AssertionError("gave up waiting for " + what + "; " + watched.identity + " said:\n"
            + String.join("\n", watched.lines));
      }
      Thread.sleep(100); // polling against the deadline above
    }
  }

  /** A {@link JosdkFooOperator} process and the lines it printed. */
  static final class OperatorProcess {
    final String identity;
    final Process process;
    final List<String> lines = new CopyOnWriteArrayList<>();

    private OperatorProcess(String identity, Process process) {
      this.identity = identity;
      this.process = process;
      Thread reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line; (line = r.readLine()) != null; ) {
            lines.add(line);
          }
        } catch (IOException e) {
          lines.add("(output ended: " + e.getMessage() + ")");
        }
      }, identity + "-output");
      reader.setDaemon(true);
      reader.start();
    }

    static OperatorProcess start(String identity) throws IOException {
      String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", classpath, JosdkFooOperator.class.getName(), server.kubeconfig().toString(), token, NS, LEASE, identity));
      return new OperatorProcess(identity, new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    boolean said(String line) {
      return lines.contains(line);
    }

    /** SIGKILL (destroyForcibly on Unix), waiting for the process to be gone. */
    void kill() throws InterruptedException {
      process.destroyForcibly().waitFor();
    }
  }
}
