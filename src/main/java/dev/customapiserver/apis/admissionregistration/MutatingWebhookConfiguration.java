package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** The hub (internal) form of MutatingWebhookConfiguration. {@code webhooks} may be null (none). */
@Description("MutatingWebhookConfiguration describes the configuration of an admission webhook.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class MutatingWebhookConfiguration extends KubeObject {
  public List<MutatingWebhook> webhooks;

  /** The webhooks, never null. */
  public List<MutatingWebhook> webhooksOrEmpty() {
    return webhooks == null ? List.of() : webhooks;
  }
}
