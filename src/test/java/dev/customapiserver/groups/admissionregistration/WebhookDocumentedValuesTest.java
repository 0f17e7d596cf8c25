package dev.customapiserver.groups.admissionregistration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.Documented;
import dev.customapiserver.apis.admissionregistration.MutatingWebhook;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfigurationV1;
import dev.customapiserver.apis.admissionregistration.RuleWithOperations;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.admissionregistration.WebhookClientConfig;
import dev.customapiserver.apis.admissionregistration.WebhookDefaults;
import dev.customapiserver.groups.admissionregistration.RuleValidation;
import dev.customapiserver.groups.admissionregistration.WebhookValidation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Webhook configurations' OpenAPI defaults and enums are what defaulting and validation do")
class WebhookDocumentedValuesTest {

  static MutatingWebhookConfigurationV1 bare() {
    MutatingWebhook w = new MutatingWebhook();
    w.clientConfig = new WebhookClientConfig();
    w.clientConfig.service = new WebhookClientConfig.ServiceReference();
    w.rules = new ArrayList<>(List.of(new RuleWithOperations()));
    MutatingWebhookConfigurationV1 c = new MutatingWebhookConfigurationV1();
    c.webhooks = new ArrayList<>(List.of(w));
    WebhookDefaults.mutating(c);
    return c;
  }

  @Test
  @DisplayName("the documented defaults are the ones a webhook left empty gets")
  void defaults() {
    MutatingWebhook w = bare().webhooks.get(0);
    assertThat(w.failurePolicy).isEqualTo(Documented.defaultOf(Webhook.class, "failurePolicy").asText());
    assertThat(w.matchPolicy).isEqualTo(Documented.defaultOf(Webhook.class, "matchPolicy").asText());
    assertThat(w.timeoutSeconds).isEqualTo(Documented.defaultOf(Webhook.class, "timeoutSeconds").asInt());
    assertThat(w.reinvocationPolicy).isEqualTo(Documented.defaultOf(MutatingWebhook.class, "reinvocationPolicy").asText());
    assertThat(w.rules.get(0).scope).isEqualTo(Documented.defaultOf(RuleWithOperations.class, "scope").asText());
    assertThat(w.clientConfig.service.port)
        .isEqualTo(Documented.defaultOf(WebhookClientConfig.ServiceReference.class, "port").asInt());
  }

  @Test
  @DisplayName("the documented enums are exactly the values validation accepts")
  void enums() {
    assertThat(Documented.enumOf(Webhook.class, "failurePolicy")).containsExactlyInAnyOrderElementsOf(WebhookValidation.FAILURE_POLICIES);
    assertThat(Documented.enumOf(Webhook.class, "matchPolicy")).containsExactlyInAnyOrderElementsOf(WebhookValidation.MATCH_POLICIES);
    assertThat(Documented.enumOf(Webhook.class, "sideEffects")).containsExactlyInAnyOrderElementsOf(WebhookValidation.SIDE_EFFECTS);
    assertThat(Documented.enumOf(MutatingWebhook.class, "reinvocationPolicy"))
        .containsExactlyInAnyOrderElementsOf(WebhookValidation.REINVOCATION);
    assertThat(Documented.enumOf(RuleWithOperations.class, "operations")).containsExactlyInAnyOrderElementsOf(RuleValidation.OPERATIONS);
    assertThat(Documented.enumOf(RuleWithOperations.class, "scope")).containsExactlyInAnyOrderElementsOf(RuleValidation.SCOPES);
  }
}
