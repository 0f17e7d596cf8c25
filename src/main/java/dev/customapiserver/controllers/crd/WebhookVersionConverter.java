package dev.customapiserver.controllers.crd;

import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.KindConverter;
import java.util.List;

/**
 * One version of a custom resource converted by its definition's webhook. The hub is the object in
 * the storage version; conversions go from the object's own apiVersion (an object read from storage
 * may still be in an earlier storage version), and an object already in the wanted version is
 * copied without a call.
 */
final class WebhookVersionConverter implements KindConverter<Unstructured, Unstructured> {
  private final ConversionWebhook webhook;
  private final String apiVersion;
  private final String storageApiVersion;
  private final String kind;

  /** For the version {@code apiVersion} ({@code group/version}) of a kind stored as {@code storageApiVersion}. */
  WebhookVersionConverter(ConversionWebhook webhook, String apiVersion, String storageApiVersion, String kind) {
    this.kind = kind;
    this.webhook = webhook;
    this.apiVersion = apiVersion;
    this.storageApiVersion = storageApiVersion;
  }

  @Override
  public Unstructured toHub(Unstructured versioned) {
    Unstructured v = versioned;
    if (v.apiVersion == null || v.apiVersion.isEmpty() || v.kind == null || v.kind.isEmpty()) {
      v = versioned.copy();
      v.apiVersion = v.apiVersion == null || v.apiVersion.isEmpty() ? apiVersion : v.apiVersion;
      v.kind = kind;
    }
    return webhook.convert(List.of(v), storageApiVersion).get(0);
  }

  @Override
  public Unstructured fromHub(Unstructured hub) {
    return webhook.convert(List.of(hub), apiVersion).get(0);
  }

  @Override
  public List<Unstructured> fromHubs(List<Unstructured> hubs) {
    return webhook.convert(hubs, apiVersion);
  }
}
