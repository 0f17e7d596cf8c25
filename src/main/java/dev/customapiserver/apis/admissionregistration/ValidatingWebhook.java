package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** One validating webhook of a ValidatingWebhookConfiguration. */
@Description("ValidatingWebhook describes an admission webhook and the resources and operations it applies to.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ValidatingWebhook extends Webhook {

  public ValidatingWebhook copy() {
    ValidatingWebhook c = new ValidatingWebhook();
    copyInto(c);
    return c;
  }
}
