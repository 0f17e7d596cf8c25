package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.schema.StructuralSchema;

/**
 * The merge metadata of a property as kube-apiserver's OpenAPI carries it, from the schema model:
 * {@code x-kubernetes-list-map-keys}, {@code x-kubernetes-list-type}, {@code x-kubernetes-patch-merge-key}
 * and {@code x-kubernetes-patch-strategy}.
 */
final class MergeExtensions {
  private MergeExtensions() {}

  /** Writes the extensions of {@code property} onto its property schema {@code s}. */
  static void apply(ObjectNode s, StructuralSchema property) {
    if (property.listType() != null) {
      if (!property.listMapKeys().isEmpty()) {
        ArrayNode keys = s.putArray("x-kubernetes-list-map-keys");
        property.listMapKeys().forEach(keys::add);
      }
      s.put("x-kubernetes-list-type", property.listType());
    }
    if (property.patchStrategy() != null) {
      if (property.patchMergeKey() != null) {
        s.put("x-kubernetes-patch-merge-key", property.patchMergeKey());
      }
      s.put("x-kubernetes-patch-strategy", property.patchStrategy());
    }
  }
}
