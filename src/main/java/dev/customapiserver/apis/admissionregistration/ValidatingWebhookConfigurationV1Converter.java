package dev.customapiserver.apis.admissionregistration;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;
import java.util.List;

/** ValidatingWebhookConfiguration v1 to and from the hub: the same shape, deep-copied. */
public final class ValidatingWebhookConfigurationV1Converter
    implements KindConverter<ValidatingWebhookConfiguration, ValidatingWebhookConfigurationV1> {

  @Override
  public ValidatingWebhookConfiguration toHub(ValidatingWebhookConfigurationV1 v) {
    ValidatingWebhookConfiguration h = new ValidatingWebhookConfiguration();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.webhooks = copy(v.webhooks);
    return h;
  }

  @Override
  public ValidatingWebhookConfigurationV1 fromHub(ValidatingWebhookConfiguration h) {
    ValidatingWebhookConfigurationV1 v = new ValidatingWebhookConfigurationV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.webhooks = copy(h.webhooks);
    return v;
  }

  private static List<ValidatingWebhook> copy(List<ValidatingWebhook> hooks) {
    return hooks == null ? null : new ArrayList<>(hooks.stream().map(w -> w == null ? null : w.copy()).toList());
  }
}
