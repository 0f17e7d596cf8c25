package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.testing.WebhookServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes in flight when SIGTERM arrives complete, as kube-apiserver's: 20 creates held in a slow
 * validating webhook, SIGTERM, the webhook answers only once the server is draining its requests;
 * every create is 201 and stored (the database closes after the last response, not at SIGTERM).
 */
@DisplayName("SIGTERM with creates held in a slow admission webhook: every one completes, the storage closes last")
class ShutdownInFlightIT {
  static final int WRITES = 20;
  @TempDir Path tmp;

  @Test
  @DisplayName("20 creates in flight at SIGTERM are all 201 and all stored")
  void writesInFlightComplete() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService clients = Executors.newFixedThreadPool(WRITES);
    try (WebhookServer webhook = new WebhookServer();
        ServerProcess server = ServerProcess.start(tmp.resolve("data"), "--shutdown-delay-duration", "3s")) {
      webhook.on("/hold", review -> {
        if (!review.at("/request/name").asText().startsWith("probe")) {
          try {
            release.await(120, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return WebhookServer.allow(review);
      });
      HttpResponse<String> config = server.send("POST", "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations",
          configuration(webhook), "application/json");
      assertThat(config.statusCode()).as(config.body()).isEqualTo(201);
      FooRequests foos = new FooRequests(server, "default");
      awaitWebhookActive(foos, webhook);

      List<CompletableFuture<HttpResponse<String>>> writes = new ArrayList<>();
      for (int i = 0; i < WRITES; i++) {
        String name = "held-" + i;
        writes.add(CompletableFuture.supplyAsync(() -> {
          try {
            return foos.create(name, "in flight");
          } catch (Exception e) {
            throw new CompletionException(e);
          }
        }, clients));
      }
      awaitHeld(webhook, WRITES);

      server.terminate();
      awaitLog(server, "finishing the requests in flight");
      release.countDown(); // the webhook answers while the server drains: storage must still be open

      for (CompletableFuture<HttpResponse<String>> w : writes) {
        HttpResponse<String> r = w.get(120, TimeUnit.SECONDS);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      }
      assertThat(server.awaitExit(Duration.ofSeconds(120))).isEqualTo(143);
      assertThat(server.log()).doesNotContain("storage is unavailable");

      server.restart();
      assertThat(new FooRequests(server, "default").listAll(100)).extracting(FooRequests.Stored::name)
          .as("every acknowledged create was committed").hasSize(WRITES + probes);
    } finally {
      release.countDown();
      clients.shutdownNow();
    }
  }

  private int probes;

  /** Creates probes (allowed at once) until the webhook has seen one: the configuration is in effect. */
  private void awaitWebhookActive(FooRequests foos, WebhookServer webhook) throws Exception {
    Instant deadline = Instant.now().plusSeconds(60);
    while (webhook.received("/hold").isEmpty()) {
      HttpResponse<String> r = foos.create("probe-" + probes, "probe");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      probes++;
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException("the webhook configuration never took effect");
      }
    }
  }

  private static void awaitHeld(WebhookServer webhook, int n) throws Exception {
    Instant deadline = Instant.now().plusSeconds(60);
    while (webhook.received("/hold").stream().filter(r -> r.at("/request/name").asText().startsWith("held")).count() < n) {
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException("the creates never all reached the webhook");
      }
      Thread.sleep(20); // polling the webhook's log against a deadline
    }
  }

  private static void awaitLog(ServerProcess server, String text) throws Exception {
    Instant deadline = Instant.now().plusSeconds(60);
    while (!server.log().contains(text)) {
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException("the log never said \"" + text + "\":\n" + server.log());
      }
      Thread.sleep(50); // polling the log against a deadline
    }
  }

  private static String configuration(WebhookServer webhook) {
    ObjectNode c = FooRequests.JSON.createObjectNode().put("apiVersion", "admissionregistration.k8s.io/v1")
        .put("kind", "ValidatingWebhookConfiguration");
    c.putObject("metadata").put("name", "hold");
    ObjectNode hook = c.putArray("webhooks").addObject().put("name", "hold.webhooks.example.com")
        .put("failurePolicy", "Fail").put("sideEffects", "None").put("timeoutSeconds", 30);
    hook.putObject("clientConfig").put("url", webhook.url("/hold")).put("caBundle", webhook.caBundle());
    ObjectNode rule = hook.putArray("rules").addObject().put("scope", "Namespaced");
    rule.putArray("apiGroups").add("hello.zeng.dev");
    rule.putArray("apiVersions").add("*");
    rule.putArray("operations").add("CREATE");
    rule.putArray("resources").add("foos");
    hook.putArray("admissionReviewVersions").add("v1");
    return c.toString();
  }
}
