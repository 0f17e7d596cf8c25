package dev.customapiserver.auth.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.testing.KubeApiserverStandIn;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Webhook caches: answers reused within their TTL, asked again after it")
class WebhookCachesTest {
  @TempDir static Path dir;
  static KubeApiserverStandIn cluster;
  static ClusterClient client;

  /** A clock the test moves by hand. */
  static final class HandClock extends Clock {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.token("t-alice", "alice", "devs");
    cluster.policy(spec -> spec.at("/resourceAttributes/verb").asText().equals("get")
        ? KubeApiserverStandIn.allowed() : KubeApiserverStandIn.notAllowed());
    client = ClusterClient.of(cluster.kubeconfig(dir, "kc", KubeApiserverStandIn.CALLER_TOKEN), Duration.ofSeconds(10));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  static AuthorizationAttributes attrs(String user, String verb) {
    return new AuthorizationAttributes(UserInfo.of(user, "system:authenticated"), verb, true, "hello.zeng.dev", "v1", "foos",
        "", "default", "", "");
  }

  @Test
  @DisplayName("an allow is reused for the authorized TTL; a denial expires after the unauthorized TTL")
  void accessReviews() {
    HandClock clock = new HandClock();
    SubjectAccessReviewAuthorizer sar = new SubjectAccessReviewAuthorizer(client, SubjectAccessReviewAuthorizer.CLUSTER_PATH,
        Duration.ofMinutes(5), Duration.ofSeconds(30), clock);
    int start = cluster.accessReviews().size();
    assertThat(sar.authorize(attrs("cache-a", "get")).allowed()).isTrue();
    assertThat(sar.authorize(attrs("cache-a", "list")).verdict()).isEqualTo(Authorizer.Verdict.NO_OPINION);
    assertThat(cluster.accessReviews()).hasSize(start + 2);

    clock.now = clock.now.plusSeconds(29);
    assertThat(sar.authorize(attrs("cache-a", "get")).allowed()).isTrue();
    sar.authorize(attrs("cache-a", "list"));
    assertThat(cluster.accessReviews()).as("both still cached").hasSize(start + 2);

    clock.now = clock.now.plusSeconds(2);
    assertThat(sar.authorize(attrs("cache-a", "get")).allowed()).isTrue();
    sar.authorize(attrs("cache-a", "list"));
    assertThat(cluster.accessReviews()).as("only the denial was asked again").hasSize(start + 3);
  }

  @Test
  @DisplayName("TokenReview answers, known and unknown, are reused for the TTL; a failed call is not")
  void tokenReviews() {
    HandClock clock = new HandClock();
    TokenReviewAuthenticator tr = new TokenReviewAuthenticator(client, TokenReviewAuthenticator.CLUSTER_PATH,
        Duration.ofSeconds(10), clock);
    int start = cluster.tokenReviews().size();
    assertThat(tr.authenticate("t-alice")).get().extracting(UserInfo::name).isEqualTo("alice");
    assertThat(tr.authenticate("t-unknown")).isEmpty();
    assertThat(tr.authenticate("t-alice")).isPresent();
    assertThat(tr.authenticate("t-unknown")).isEmpty();
    assertThat(cluster.tokenReviews()).hasSize(start + 2);

    clock.now = clock.now.plusSeconds(11);
    cluster.failTokenReviews(401);
    assertThat(tr.authenticate("t-alice")).isEmpty();
    cluster.failTokenReviews(0);
    assertThat(tr.authenticate("t-alice")).isPresent();
    assertThat(cluster.tokenReviews()).hasSize(start + 4);
  }
}
