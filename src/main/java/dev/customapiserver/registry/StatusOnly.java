package dev.customapiserver.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.Codecs;

/**
 * What a write through the {@code status} subresource may change, as kube-apiserver's status
 * strategies (e.g. the CustomResource one): the stored object with only {@code status} taken from
 * the request; metadata (labels, annotations, finalizers, ...) and spec stay as stored, except
 * managedFields, which the request may carry.
 */
final class StatusOnly {
  private StatusOnly() {}

  /** A new object: {@code stored} with {@code requested}'s status. Mutates neither. */
  static <H extends KubeObject> H merge(H stored, H requested, Class<H> hub, Codecs codecs) {
    ObjectNode base = codecs.json().valueToTree(stored);
    JsonNode status = codecs.json().valueToTree(requested).get("status");
    if (status == null || status.isNull()) {
      base.remove("status");
    } else {
      base.set("status", status);
    }
    try {
      H merged = codecs.json().treeToValue(base, hub);
      if (requested.metadata().managedFields != null) {
        merged.metadata().managedFields = requested.metadata().copy().managedFields;
      }
      return merged;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(hub.getSimpleName() + " does not read back what it writes", e);
    }
  }
}
