package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.schema.StructuralSchema;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@link Versions} with their schemas, converting whole trees for comparisons in another version. */
final class TypedVersions {
  private final Versions versions;
  private final Schemas schemas;
  private final Map<String, Schema> cache = new ConcurrentHashMap<>();

  TypedVersions(Versions versions, ObjectMapper json) {
    this.versions = versions;
    this.schemas = new Schemas();
  }

  /** The schema of a served version; untyped for a version no longer served. */
  Schema schema(String apiVersion) {
    return cache.computeIfAbsent(apiVersion, v -> {
      StructuralSchema declared = versions.schema(v);
      if (declared != null) {
        return schemas.of(declared);
      }
      Class<?> type = versions.type(v);
      return type == null ? Schema.UNTYPED : schemas.of(type);
    });
  }

  /** The run-time schema of a version (a custom resource's), or null. */
  StructuralSchema declared(String apiVersion) {
    return versions.schema(apiVersion);
  }

  /** The tree in another version, or null when it cannot be converted. */
  ObjectNode convert(ObjectNode tree, String from, String to) {
    if (from.equals(to)) {
      return tree;
    }
    if (versions.type(to) == null) {
      return null;
    }
    try {
      return versions.convert(tree, from, to);
    } catch (RuntimeException e) {
      return null; // a version that cannot hold this object: ownership recorded there is compared as is
    }
  }

  /** live → updated compared in {@code to}; {@code fallback} (the comparison in {@code from}) if either cannot be converted. */
  Comparison compare(ObjectNode live, ObjectNode updated, String from, String to, Comparison fallback) {
    ObjectNode a = convert(live, from, to);
    ObjectNode b = convert(updated, from, to);
    return a == null || b == null ? fallback : Comparison.of(a, b, schema(to));
  }
}
