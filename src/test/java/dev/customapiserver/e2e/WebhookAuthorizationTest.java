package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.FabricFoos.FOO_V2;
import static dev.customapiserver.e2e.FabricFoos.foo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.testing.WebhookServer;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --authorization-mode=Webhook} and {@code RBAC,Webhook} on an in-process server, with a real
 * HTTPS SubjectAccessReview webhook on loopback and fabric8 as the (non-admin) user bob: the
 * webhook's allow, its denial (kube's 403 with the webhook's reason), its failure (500, never an
 * allow), the review it receives per {@code --authorization-webhook-version}, and the answer cache of
 * {@code --authorization-webhook-cache-*-ttl}.
 */
@DisplayName("--authorization-mode=Webhook: a SubjectAccessReview webhook decides, seen through fabric8")
class WebhookAuthorizationTest {
  static final String PATH = "/authorize";
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path tmp;
  WebhookServer webhook;
  /** What the webhook answers now (the test switches it). */
  final AtomicReference<Function<JsonNode, ObjectNode>> policy = new AtomicReference<>(r -> status(false, false, ""));

  @BeforeEach
  void webhook() throws Exception {
    webhook = new WebhookServer().on(PATH,
        review -> policy.get().apply(review).put("apiVersion", review.path("apiVersion").asText()));
  }

  @AfterEach
  void stop() {
    webhook.close();
  }

  /** The webhook's answer: {@code {"apiVersion": <the review's>, "kind": "SubjectAccessReview", "status": {...}}}. */
  static ObjectNode status(boolean allowed, boolean denied, String reason) {
    ObjectNode answer = JSON.createObjectNode().put("kind", "SubjectAccessReview");
    ObjectNode status = answer.putObject("status").put("allowed", allowed);
    if (denied) {
      status.put("denied", true);
    }
    if (!reason.isEmpty()) {
      status.put("reason", reason);
    }
    return answer;
  }

  /** bob may read Foos; deleting is denied with a reason; anything else: no opinion. */
  static ObjectNode bobReads(JsonNode review) {
    JsonNode spec = review.path("spec");
    String verb = spec.path("resourceAttributes").path("verb").asText();
    if (!spec.path("user").asText().equals("bob")) {
      return status(false, false, "");
    }
    if (List.of("get", "list", "watch").contains(verb)) {
      return status(true, false, "bob reads");
    }
    if (verb.equals("delete")) {
      return status(false, true, "deleting is for the on-call team");
    }
    return status(false, false, "not my business");
  }

  RunningApiServer start(String... flags) throws Exception {
    Path tokens = Files.writeString(tmp.resolve("tokens.csv"), "bob-token,bob,u-bob,\"dev\"\n");
    Path kubeconfig = Files.writeString(tmp.resolve("authz-webhook.kubeconfig"), "apiVersion: v1\nkind: Config\n"
        + "clusters:\n- name: authz\n  cluster:\n    server: " + webhook.url(PATH) + "\n    certificate-authority-data: "
        + webhook.caBundle() + "\nusers:\n- name: apiserver\n  user: {}\ncontexts:\n- name: authz\n  context:\n"
        + "    cluster: authz\n    user: apiserver\ncurrent-context: authz\n");
    ApiServerBuilder b = ApiServerBuilder.create().flag(Option.TOKEN_AUTH_FILE, tokens.toString())
        .flag(Option.AUTHORIZATION_WEBHOOK_CONFIG_FILE, kubeconfig.toString());
    for (int i = 0; i < flags.length; i += 2) {
      b.flag(Option.valueOf(flags[i]), flags[i + 1]);
    }
    return b.start();
  }

  static KubernetesClient admin(RunningApiServer server) {
    return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(server.kubeconfigYaml())).build();
  }

  static KubernetesClient bob(RunningApiServer server) {
    Config config = Config.fromKubeconfig(server.kubeconfigYaml());
    config.setOauthToken("bob-token");
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  static String forbidden(String verb, String name, String reason) {
    return "foos.hello.zeng.dev" + (name.isEmpty() ? "" : " \"" + name + "\"") + " is forbidden: User \"bob\" cannot " + verb
        + " resource \"foos\" in API group \"hello.zeng.dev\" in the namespace \"default\"" + (reason.isEmpty() ? "" : ": " + reason);
  }

  @Test
  @DisplayName("Webhook alone (v1beta1 by default): allowed reads work, a denial is kube's 403 with the webhook's reason, no opinion is 403 too")
  void webhookAlone() throws Exception {
    policy.set(WebhookAuthorizationTest::bobReads);
    try (RunningApiServer server = start("AUTHORIZATION_MODE", "Webhook");
        KubernetesClient admin = admin(server);
        KubernetesClient bob = bob(server)) {
      admin.genericKubernetesResources(FOO_V2).inNamespace("default").resource(foo("one", "hi")).create();

      var listed = bob.genericKubernetesResources(FOO_V2).inNamespace("default").list().getItems();
      KubernetesClientException delete = catchThrowableOfType(KubernetesClientException.class,
          () -> bob.genericKubernetesResources(FOO_V2).inNamespace("default").withName("one").delete());
      KubernetesClientException create = catchThrowableOfType(KubernetesClientException.class,
          () -> bob.genericKubernetesResources(FOO_V2).inNamespace("default").resource(foo("two", "x")).create());

      assertThat(listed).extracting(f -> f.getMetadata().getName()).containsExactly("one");
      assertThat(delete.getCode()).isEqualTo(403);
      assertThat(delete.getStatus().getMessage()).isEqualTo(forbidden("delete", "one", "deleting is for the on-call team"));
      assertThat(create.getCode()).isEqualTo(403);
      assertThat(create.getStatus().getMessage()).isEqualTo(forbidden("create", "", "not my business"));
      JsonNode review = webhook.received(PATH).stream()
          .filter(r -> r.path("spec").path("resourceAttributes").path("verb").asText().equals("list")).findFirst().orElseThrow();
      assertThat(review.path("apiVersion").asText()).isEqualTo("authorization.k8s.io/v1beta1");
      assertThat(review.path("kind").asText()).isEqualTo("SubjectAccessReview");
      assertThat(review.path("spec").path("user").asText()).isEqualTo("bob");
      assertThat(review.path("spec").path("uid").asText()).isEqualTo("u-bob");
      assertThat(review.path("spec").path("group").toString()).isEqualTo("[\"dev\",\"system:authenticated\"]");
      assertThat(review.path("spec").path("resourceAttributes").toString()).isEqualTo("{\"namespace\":\"default\",\"verb\":\"list\","
          + "\"group\":\"hello.zeng.dev\",\"version\":\"v2\",\"resource\":\"foos\"}");
      // system:masters never asks the webhook
      assertThat(webhook.received(PATH)).noneMatch(r -> r.path("spec").path("user").asText().equals("admin"));
    }
  }

  @Test
  @DisplayName("RBAC,Webhook (v1): RBAC's allow stands without the webhook; else the webhook decides; its failure is a 500, never an allow")
  void rbacThenWebhook() throws Exception {
    policy.set(WebhookAuthorizationTest::bobReads);
    try (RunningApiServer server = start("AUTHORIZATION_MODE", "RBAC,Webhook", "AUTHORIZATION_WEBHOOK_VERSION", "v1",
        "AUTHORIZATION_WEBHOOK_CACHE_AUTHORIZED_TTL", "0s", "AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL", "0s");
        KubernetesClient admin = admin(server);
        KubernetesClient bob = bob(server)) {
      admin.rbac().roles().inNamespace("default").resource(new RoleBuilder().withNewMetadata().withName("foo-creator")
          .endMetadata().addNewRule().withApiGroups("hello.zeng.dev").withResources("foos").withVerbs("create").endRule()
          .build()).create();
      admin.rbac().roleBindings().inNamespace("default").resource(new RoleBindingBuilder().withNewMetadata()
          .withName("bob-creates").endMetadata().withNewRoleRef("rbac.authorization.k8s.io", "Role", "foo-creator")
          .addNewSubject().withKind("User").withApiGroup("rbac.authorization.k8s.io").withName("bob").endSubject().build())
          .create();
      var foos = bob.genericKubernetesResources(FOO_V2).inNamespace("default");

      foos.resource(foo("by-bob", "x")).create();                               // RBAC allows
      int reviewsAfterCreate = webhook.received(PATH).size();
      String got = foos.withName("by-bob").get().getMetadata().getName();     // the webhook allows
      KubernetesClientException delete = catchThrowableOfType(KubernetesClientException.class,
          () -> foos.withName("by-bob").delete());                            // the webhook denies
      policy.set(r -> {
        throw new IllegalStateException("the webhook is down");
      });
      KubernetesClientException failed = catchThrowableOfType(KubernetesClientException.class,
          () -> foos.withName("by-bob").get());                               // the webhook fails
      foos.resource(foo("still-rbac", "x")).create();                          // RBAC still allows

      assertThat(reviewsAfterCreate).isZero();
      assertThat(got).isEqualTo("by-bob");
      assertThat(delete.getCode()).isEqualTo(403);
      assertThat(delete.getStatus().getMessage()).isEqualTo(forbidden("delete", "by-bob", "deleting is for the on-call team"));
      assertThat(failed.getCode()).isEqualTo(500);
      assertThat(failed.getStatus().getReason()).isEqualTo("InternalError");
      assertThat(failed.getStatus().getMessage()).startsWith("Internal Server Error: "
          + "\"/apis/hello.zeng.dev/v2/namespaces/default/foos/by-bob\": Post \"" + webhook.url(PATH) + "\": ");
      JsonNode review = webhook.received(PATH).get(0);
      assertThat(review.path("apiVersion").asText()).isEqualTo("authorization.k8s.io/v1");
      assertThat(review.path("spec").path("groups").toString()).isEqualTo("[\"dev\",\"system:authenticated\"]");
      assertThat(admin.genericKubernetesResources(FOO_V2).inNamespace("default").list().getItems())
          .extracting(f -> f.getMetadata().getName()).containsExactlyInAnyOrder("by-bob", "still-rbac");
    }
  }

  @Test
  @DisplayName("answers are cached (kube's defaults 5m allowed / 30s unauthorized); a TTL of 0s asks every time")
  void cache() throws Exception {
    policy.set(WebhookAuthorizationTest::bobReads);
    try (RunningApiServer server = start("AUTHORIZATION_MODE", "Webhook");
        KubernetesClient bob = bob(server)) {
      var foos = bob.genericKubernetesResources(FOO_V2).inNamespace("default");
      foos.list();
      catchThrowableOfType(KubernetesClientException.class, () -> foos.withName("x").delete());
      int asked = webhook.received(PATH).size();
      policy.set(r -> status(false, true, "changed my mind"));    // the webhook now denies everything

      foos.list();                                                 // the cached allow (5m) still allows
      KubernetesClientException delete = catchThrowableOfType(KubernetesClientException.class,
          () -> foos.withName("x").delete());                      // the cached denial (30s), old reason

      assertThat(webhook.received(PATH)).hasSize(asked);
      assertThat(delete.getStatus().getMessage()).endsWith(": deleting is for the on-call team");
    }
    policy.set(WebhookAuthorizationTest::bobReads);
    try (RunningApiServer server = start("AUTHORIZATION_MODE", "Webhook", "AUTHORIZATION_WEBHOOK_CACHE_AUTHORIZED_TTL", "0s",
        "AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL", "0s");
        KubernetesClient bob = bob(server)) {
      var foos = bob.genericKubernetesResources(FOO_V2).inNamespace("default");
      foos.list();
      int asked = webhook.received(PATH).size();
      policy.set(r -> status(false, true, "changed my mind"));

      KubernetesClientException list = catchThrowableOfType(KubernetesClientException.class, foos::list);

      assertThat(webhook.received(PATH)).hasSize(asked + 1);
      assertThat(list.getStatus().getMessage()).isEqualTo(forbidden("list", "", "changed my mind"));
    }
  }

  @Test
  @DisplayName("an unknown --authorization-webhook-version stops the start with kube's words")
  void unknownVersion() {
    assertThatThrownBy(() -> start("AUTHORIZATION_MODE", "Webhook", "AUTHORIZATION_WEBHOOK_VERSION", "v2"))
        .hasMessageContaining("unsupported webhook authorizer version \"v2\", supported versions are \"v1\", \"v1beta1\"");
  }
}
