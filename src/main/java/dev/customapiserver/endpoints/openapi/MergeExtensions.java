package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import java.lang.reflect.AnnotatedElement;

/**
 * The merge metadata of a field as kube-apiserver's OpenAPI carries it: {@code x-kubernetes-patch-strategy}
 * and {@code x-kubernetes-patch-merge-key} from {@link PatchStrategy}, {@code x-kubernetes-list-type} and
 * {@code x-kubernetes-list-map-keys} from {@link ListType}.
 */
final class MergeExtensions {
  private MergeExtensions() {}

  /** Writes the extensions {@code field} declares onto its property schema {@code s}. */
  static void apply(ObjectNode s, AnnotatedElement field) {
    ListType lt = field.getAnnotation(ListType.class);
    if (lt != null) {
      if (lt.mapKeys().length > 0) {
        ArrayNode keys = s.putArray("x-kubernetes-list-map-keys");
        for (String k : lt.mapKeys()) {
          keys.add(k);
        }
      }
      s.put("x-kubernetes-list-type", lt.value());
    }
    PatchStrategy ps = field.getAnnotation(PatchStrategy.class);
    if (ps != null) {
      if (!ps.mergeKey().isEmpty()) {
        s.put("x-kubernetes-patch-merge-key", ps.mergeKey());
      }
      s.put("x-kubernetes-patch-strategy", ps.value());
    }
  }
}
