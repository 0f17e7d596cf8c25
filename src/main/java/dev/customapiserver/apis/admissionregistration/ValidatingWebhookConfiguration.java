package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** The hub (internal) form of ValidatingWebhookConfiguration. {@code webhooks} may be null (none). */
@Description("ValidatingWebhookConfiguration describes the configuration of an admission webhook.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ValidatingWebhookConfiguration extends KubeObject {
  public List<ValidatingWebhook> webhooks;

  /** The webhooks, never null. */
  public List<ValidatingWebhook> webhooksOrEmpty() {
    return webhooks == null ? List.of() : webhooks;
  }
}
