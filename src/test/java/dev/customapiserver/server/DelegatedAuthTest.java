package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.testing.KubeApiserverStandIn;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Delegated authentication and authorization (--authentication-kubeconfig, --authorization-kubeconfig)")
class DelegatedAuthTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  @TempDir static Path dir;
  static KubeApiserverStandIn cluster;
  static DelegatedServer server;
  static final HttpClient CLIENT = DelegatedServer.client(null);

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.token("carol-token", "carol", "devs").token("dave-token", "dave", "ops").token("erin-token", "erin")
        .token("frank-token", "frank");
    cluster.policy(DelegatedAuthTest::policy);
    Path kubeconfig = cluster.kubeconfig(dir, "core.kubeconfig", KubeApiserverStandIn.CALLER_TOKEN);
    server = new DelegatedServer(dir.resolve("data"), Map.of(
        Option.AUTHENTICATION_KUBECONFIG, kubeconfig.toString(),
        Option.AUTHORIZATION_KUBECONFIG, kubeconfig.toString(),
        Option.AUTHENTICATION_SKIP_LOOKUP, "true",
        Option.AUTHORIZATION_ALWAYS_ALLOW_PATHS, "/healthz,/apis"), a -> Authorizer.Decision.noOpinion());
  }

  /** carol may list widgets; frank is denied outright; others get RBAC's no opinion. */
  static com.fasterxml.jackson.databind.node.ObjectNode policy(JsonNode spec) {
    String user = spec.path("user").asText();
    if (user.equals("carol") && spec.at("/resourceAttributes/resource").asText().equals("widgets")) {
      return KubeApiserverStandIn.allowed();
    }
    if (user.equals("frank")) {
      return KubeApiserverStandIn.notAllowed().put("denied", true).put("reason", "frank is banned");
    }
    return KubeApiserverStandIn.notAllowed();
  }

  @AfterEach
  void recover() {
    cluster.failTokenReviews(0);
    cluster.failAccessReviews(0);
  }

  @AfterAll
  static void stop() {
    server.close();
    cluster.close();
  }

  static HttpResponse<String> get(String path, String token) throws Exception {
    return token == null ? server.get(CLIENT, path) : server.get(CLIENT, path, "Authorization", "Bearer " + token);
  }

  @Test
  @DisplayName("a token the cluster knows is its user; the cluster's allow lets the request through, and both answers are reused")
  void allowedAndCached() throws Exception {
    assertThat(get(WIDGETS, "carol-token").statusCode()).isEqualTo(200);
    int tokenReviews = cluster.tokenReviews().size();
    int accessReviews = cluster.accessReviews().size();
    JsonNode review = cluster.accessReviews().get(accessReviews - 1);
    assertThat(review.path("kind").asText()).isEqualTo("SubjectAccessReview");
    assertThat(review.path("spec").path("user").asText()).isEqualTo("carol");
    assertThat(review.path("spec").path("groups").toString()).isEqualTo("[\"devs\",\"system:authenticated\"]");
    assertThat(review.at("/spec/resourceAttributes").toString()).isEqualTo(
        "{\"namespace\":\"default\",\"verb\":\"list\",\"group\":\"test.example.com\",\"version\":\"v2\",\"resource\":\"widgets\"}");

    assertThat(get(WIDGETS, "carol-token").statusCode()).isEqualTo(200);
    assertThat(cluster.tokenReviews()).hasSize(tokenReviews);
    assertThat(cluster.accessReviews()).hasSize(accessReviews);
  }

  @Test
  @DisplayName("a token the cluster does not know is 401")
  void unknownToken() throws Exception {
    HttpResponse<String> r = get(WIDGETS, "nobody-knows-me");
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.body()).contains("\"reason\":\"Unauthorized\"");
  }

  @Test
  @DisplayName("a failing TokenReview is 401, and is not remembered: the same token works once the cluster answers")
  void tokenReviewFailure() throws Exception {
    cluster.failTokenReviews(500);
    assertThat(get(WIDGETS, "dave-token").statusCode()).isEqualTo(401);
    cluster.failTokenReviews(0);
    HttpResponse<String> r = get(WIDGETS, "dave-token");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"dave\\\" cannot list resource \\\"widgets\\\" in API group \\\"test.example.com\\\" "
        + "in the namespace \\\"default\\\"");
  }

  @Test
  @DisplayName("the cluster's denial is kube's 403 with its reason")
  void denied() throws Exception {
    HttpResponse<String> r = get(WIDGETS, "frank-token");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("widgets.test.example.com is forbidden: User \\\"frank\\\" cannot list resource "
        + "\\\"widgets\\\" in API group \\\"test.example.com\\\" in the namespace \\\"default\\\": frank is banned");
  }

  @Test
  @DisplayName("a failing SubjectAccessReview is a 500 naming the webhook, never an allow")
  void accessReviewFailure() throws Exception {
    cluster.failAccessReviews(503);
    HttpResponse<String> r = get("/apis/test.example.com/v2/namespaces/other/widgets", "erin-token");
    assertThat(r.statusCode()).isEqualTo(500);
    assertThat(r.body()).contains("\"reason\":\"InternalError\"")
        .contains("Post \\\"" + cluster.url() + "/apis/authorization.k8s.io/v1/subjectaccessreviews\\\": HTTP 503: stand-in failure");
  }

  @Test
  @DisplayName("system:masters and --authorization-always-allow-paths pass without asking the cluster")
  void alwaysAllowed() throws Exception {
    int before = cluster.accessReviews().size();
    assertThat(get(WIDGETS, DelegatedServer.ADMIN_TOKEN).statusCode()).isEqualTo(200);
    assertThat(get("/apis", null).statusCode()).isEqualTo(200);
    assertThat(cluster.accessReviews()).hasSize(before);
  }

  @Test
  @DisplayName("no credentials at all is system:anonymous, which the cluster does not allow: 403")
  void anonymous() throws Exception {
    HttpResponse<String> r = get(WIDGETS, null);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"system:anonymous\\\" cannot list");
  }
}
