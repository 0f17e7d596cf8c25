package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.KindConverter;
import dev.customapiserver.webhookclient.WebhookTransport;

/**
 * The converters of a definition's versions by its {@code spec.conversion.strategy}: {@code None}
 * copies (only apiVersion changes), {@code Webhook} calls its conversion webhook. One per controller:
 * holds the HTTPS clients the webhooks are called with.
 */
final class Conversions {
  private final WebhookTransport transport = new WebhookTransport();
  private final Codecs codecs = new Codecs();

  /** The converter of each version of one definition. */
  interface PerVersion {
    KindConverter<Unstructured, Unstructured> forVersion(String version);
  }

  PerVersion of(CustomResourceDefinition crd, String kind) {
    JsonNode conversion = crd.spec.conversion;
    if (conversion == null || !"Webhook".equals(conversion.path("strategy").asText()) || !conversion.has("webhook")) {
      UnstructuredCopier copier = new UnstructuredCopier();
      return version -> copier;
    }
    ConversionWebhook webhook = new ConversionWebhook(conversion.get("webhook"), codecs.json(), transport);
    String storage = crd.spec.group + "/" + crd.storageVersion();
    return version -> new WebhookVersionConverter(webhook, crd.spec.group + "/" + version, storage, kind);
  }
}
