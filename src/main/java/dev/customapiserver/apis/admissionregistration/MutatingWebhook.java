package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;
import dev.customapiserver.schema.Default;

/** One mutating webhook of a MutatingWebhookConfiguration. */
@Description("MutatingWebhook describes an admission webhook and the resources and operations it applies to.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class MutatingWebhook extends Webhook {
  public static final String NEVER = "Never";
  public static final String IF_NEEDED = "IfNeeded";

  @Description("reinvocationPolicy indicates whether this webhook should be called multiple times as part of a single "
      + "admission evaluation. Allowed values are \"Never\" and \"IfNeeded\". IfNeeded: the webhook is called once "
      + "more if the object was changed by a later mutating webhook. Defaults to \"Never\".")
  @Enum({NEVER, IF_NEEDED})
  @Default(NEVER)
  public String reinvocationPolicy;

  public MutatingWebhook copy() {
    MutatingWebhook c = new MutatingWebhook();
    copyInto(c);
    c.reinvocationPolicy = reinvocationPolicy;
    return c;
  }
}
