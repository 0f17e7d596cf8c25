package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/** Hub objects to and from the JSON of a served version, through the kind's converters. */
final class VersionedObjects {
  private final Codecs codecs;

  VersionedObjects(Codecs codecs) {
    this.codecs = codecs;
  }

  /** The object as JSON in {@code version}, with apiVersion and kind; null stays null. */
  JsonNode toVersion(KubeObject hub, ResourceType<?> type, String version) {
    return hub == null ? null : codecs.json().valueToTree(versioned(hub, type, version));
  }

  /** Decodes {@code json} of {@code version}, applies the version's defaults and converts to the hub. */
  KubeObject toHub(JsonNode json, ResourceType<?> type, String version) {
    ServedVersion<?, ?> sv = type.version(version).orElseThrow();
    KubeObject v;
    try {
      v = codecs.json().treeToValue(json, sv.type());
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw Errors.internal("the patched object could not be decoded as " + type.kind() + ": " + e.getMessage(), e);
    }
    sv.applyDefaults(v);
    return sv.toHub(v);
  }

  @SuppressWarnings("unchecked")
  private static <H extends KubeObject> KubeObject versioned(KubeObject hub, ResourceType<H> type, String version) {
    ServedVersion<H, ?> sv = type.version(version).orElseThrow();
    return sv.fromHub((H) hub, new GroupVersion(type.group(), version), type.kind());
  }

  /**
   * Makes {@code target} hold what {@code source} (of the same class) holds, field by field, except
   * apiVersion and kind: the plugin contract lets mutating plugins change the object in place only.
   */
  static void copyInto(KubeObject source, KubeObject target) {
    for (Class<?> c = target.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) || (c == KubeObject.class && !f.getName().equals("metadata"))) {
          continue;
        }
        try {
          f.setAccessible(true);
          f.set(target, f.get(source));
        } catch (IllegalAccessException | RuntimeException e) {
          throw Errors.internal("cannot apply the webhook's changes to " + c.getSimpleName() + "." + f.getName(), e);
        }
      }
    }
  }
}
