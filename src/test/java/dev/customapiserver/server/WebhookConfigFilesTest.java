package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.testing.KubeApiserverStandIn;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("--authentication-token-webhook-config-file and --authorization-webhook-config-file (kubeconfig naming the webhook URL)")
class WebhookConfigFilesTest {
  @TempDir static Path dir;
  static KubeApiserverStandIn webhook;

  @BeforeAll
  static void start() throws Exception {
    webhook = new KubeApiserverStandIn();
    webhook.token("w-token", "walter", "qa");
    webhook.policy(spec -> spec.path("user").asText().equals("walter") ? KubeApiserverStandIn.allowed()
        : KubeApiserverStandIn.notAllowed());
  }

  @AfterAll
  static void stop() {
    webhook.close();
  }

  static ServerConfig config(Map<Option, String> flags) {
    return new ServerConfig(dir.resolve("data"), 0, "127.0.0.1", OptionalInt.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000, List.of(), List.of(), Flags.with(flags));
  }

  @Test
  @DisplayName("tokens the server does not know are reviewed by the webhook; its users are in system:authenticated")
  void tokenWebhook() throws Exception {
    Path file = webhook.kubeconfigFor(dir, "authn-webhook", webhook.url() + "/apis/authentication.k8s.io/v1/tokenreviews",
        KubeApiserverStandIn.CALLER_TOKEN);
    try (Delegation d = DelegationWiring.open(config(Map.of(Option.AUTHENTICATION_TOKEN_WEBHOOK_CONFIG_FILE, file.toString())))) {
      AuthenticationChain chain = d.authentication(AuthenticationChain.ofTokens(List.of()));
      assertThat(chain.authenticate(Credentials.token("w-token"))).get()
          .isEqualTo(new UserInfo("walter", "uid-walter", List.of("qa", "system:authenticated"), Map.of()));
      assertThat(chain.authenticate(Credentials.token("unknown"))).isEmpty();
    }
  }

  @Test
  @DisplayName("the Webhook authorizer asks the webhook; without the flag --authorization-mode=Webhook is refused")
  void authorizationWebhook() throws Exception {
    Path file = webhook.kubeconfigFor(dir, "authz-webhook", webhook.url() + "/apis/authorization.k8s.io/v1/subjectaccessreviews",
        KubeApiserverStandIn.CALLER_TOKEN);
    Authorizer a = DelegationWiring.webhookAuthorizer(config(Map.of(Option.AUTHORIZATION_WEBHOOK_CONFIG_FILE, file.toString())));
    assertThat(a.authorize(AuthorizationAttributes.nonResource(UserInfo.of("walter"), "get", "/metrics")).allowed()).isTrue();
    assertThat(a.authorize(AuthorizationAttributes.nonResource(UserInfo.of("xavier"), "get", "/metrics")).verdict())
        .isEqualTo(Authorizer.Verdict.NO_OPINION);
    assertThat(webhook.accessReviews().get(0).at("/spec/nonResourceAttributes").toString())
        .isEqualTo("{\"path\":\"/metrics\",\"verb\":\"get\"}");
    assertThatThrownBy(() -> DelegationWiring.webhookAuthorizer(config(Map.of()))).isInstanceOf(ConfigException.class)
        .hasMessage("--authorization-mode=Webhook requires --authorization-webhook-config-file");
  }
}
