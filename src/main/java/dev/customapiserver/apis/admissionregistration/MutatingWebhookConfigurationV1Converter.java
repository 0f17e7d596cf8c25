package dev.customapiserver.apis.admissionregistration;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;
import java.util.List;

/** MutatingWebhookConfiguration v1 to and from the hub: the same shape, deep-copied. */
public final class MutatingWebhookConfigurationV1Converter
    implements KindConverter<MutatingWebhookConfiguration, MutatingWebhookConfigurationV1> {

  @Override
  public MutatingWebhookConfiguration toHub(MutatingWebhookConfigurationV1 v) {
    MutatingWebhookConfiguration h = new MutatingWebhookConfiguration();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.webhooks = copy(v.webhooks);
    return h;
  }

  @Override
  public MutatingWebhookConfigurationV1 fromHub(MutatingWebhookConfiguration h) {
    MutatingWebhookConfigurationV1 v = new MutatingWebhookConfigurationV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.webhooks = copy(h.webhooks);
    return v;
  }

  private static List<MutatingWebhook> copy(List<MutatingWebhook> hooks) {
    return hooks == null ? null : new ArrayList<>(hooks.stream().map(w -> w == null ? null : w.copy()).toList());
  }
}
