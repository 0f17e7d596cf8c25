package dev.customapiserver.endpoints.openapi;

import java.util.Map;

/**
 * Descriptions of the fields every kind inherits from {@code api.meta.KubeObject} (apiVersion, kind,
 * metadata), which carry no {@code @Description} of their own, in kube's words (meta/v1 TypeMeta and
 * ObjectMeta's usual documentation). Keyed by the declaring class's simple name and the wire name. A
 * {@code @Description} on a field always wins over this table. The meta/v1 types themselves are
 * kube's published schemas ({@link KubeSchemas}).
 */
final class MetaDescriptions {
  private MetaDescriptions() {}

  static final String API_VERSION = CustomKinds.TYPE_META_API_VERSION;
  static final String KIND = CustomKinds.TYPE_META_KIND;

  private static final Map<String, String> FIELDS = Map.of(
      "KubeObject.apiVersion", API_VERSION,
      "KubeObject.kind", KIND,
      "KubeObject.metadata", CustomKinds.OBJECT_METADATA);

  /** The description of {@code declaringClass}'s field with wire name {@code name}, or null. */
  static String of(Class<?> declaringClass, String name) {
    return FIELDS.get(declaringClass.getSimpleName() + "." + name);
  }
}
