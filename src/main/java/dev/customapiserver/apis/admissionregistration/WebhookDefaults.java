package dev.customapiserver.apis.admissionregistration;

import dev.customapiserver.apis.meta.LabelSelector;
import java.util.List;

/**
 * Defaulting of webhook configuration request bodies, as kube-apiserver defaults admissionregistration/v1:
 * failurePolicy Fail, matchPolicy Equivalent, empty namespace and object selectors, timeoutSeconds 10,
 * rule scope {@code *}, service port 443, and (mutating) reinvocationPolicy Never.
 */
public final class WebhookDefaults {
  public static final int DEFAULT_TIMEOUT_SECONDS = 10;

  private WebhookDefaults() {}

  public static void validating(ValidatingWebhookConfigurationV1 c) {
    if (c.webhooks != null) {
      c.webhooks.stream().filter(w -> w != null).forEach(WebhookDefaults::common);
    }
  }

  public static void mutating(MutatingWebhookConfigurationV1 c) {
    if (c.webhooks != null) {
      for (MutatingWebhook w : c.webhooks) {
        if (w != null) {
          common(w);
          if (w.reinvocationPolicy == null) {
            w.reinvocationPolicy = MutatingWebhook.NEVER;
          }
        }
      }
    }
  }

  private static void common(Webhook w) {
    if (w.failurePolicy == null) {
      w.failurePolicy = Webhook.FAIL;
    }
    if (w.matchPolicy == null) {
      w.matchPolicy = Webhook.EQUIVALENT;
    }
    if (w.namespaceSelector == null) {
      w.namespaceSelector = new LabelSelector();
    }
    if (w.objectSelector == null) {
      w.objectSelector = new LabelSelector();
    }
    if (w.timeoutSeconds == null) {
      w.timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
    }
    List<RuleWithOperations> rules = w.rules == null ? List.of() : w.rules;
    rules.stream().filter(r -> r != null && r.scope == null).forEach(r -> r.scope = "*");
    if (w.clientConfig != null && w.clientConfig.service != null && w.clientConfig.service.port == null) {
      w.clientConfig.service.port = 443;
    }
  }
}
