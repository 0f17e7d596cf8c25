package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.schema.GoNames;
import dev.customapiserver.schema.JavaSchemas;
import dev.customapiserver.schema.StructuralSchema;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link PatchSchema}s read from the server's one schema model ({@link StructuralSchema}): the merge
 * metadata of each property is its {@code x-kubernetes-patch-strategy} and
 * {@code x-kubernetes-patch-merge-key}. Thread-safe; caches per class.
 */
final class PatchSchemas {
  private final JavaSchemas java = new JavaSchemas();
  private final Map<Object, PatchSchema> cache = new ConcurrentHashMap<>();

  /** @param mapper unused: the model names properties as Jackson writes them */
  PatchSchemas(ObjectMapper mapper) {
  }

  PatchSchema of(Class<?> type) {
    return of(java.of(type));
  }

  /** The schema of a value the node describes; for lists, the schema of their elements. */
  PatchSchema of(StructuralSchema s) {
    while (s != null && s.type().equals("array")) {
      s = s.items();
    }
    if (s == null) {
      return PatchSchema.FREE;
    }
    if (s.additionalProperties() != null) {
      StructuralSchema value = s.additionalProperties();
      return cache.computeIfAbsent(s, k -> new PatchSchema("map", Map::of, () -> new PatchSchema.Field(of(value), "", false, "")));
    }
    if (s.javaType() == null && (!s.type().equals("object") || s.properties().isEmpty())) {
      return PatchSchema.FREE;
    }
    StructuralSchema node = s;
    Object key = s.javaType() != null ? s.javaType() : s.properties();
    String name = s.javaType() != null ? GoNames.of(s.javaType()) : "object";
    return cache.computeIfAbsent(key, k -> new PatchSchema(name, () -> fields(node), () -> PatchSchema.Field.PLAIN));
  }

  private Map<String, PatchSchema.Field> fields(StructuralSchema s) {
    Map<String, PatchSchema.Field> out = new LinkedHashMap<>();
    s.properties().forEach((name, p) -> out.put(name, field(s, name, p)));
    return out;
  }

  private PatchSchema.Field field(StructuralSchema parent, String name, StructuralSchema p) {
    PatchSchema valueSchema = of(p);
    if (p.patchStrategy() == null) {
      return new PatchSchema.Field(valueSchema, "", false, "");
    }
    List<String> strategies = Arrays.stream(p.patchStrategy().split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    boolean retainKeys = strategies.contains("retainKeys");
    List<String> rest = strategies.stream().filter(s -> !s.equals("retainKeys")).toList();
    if (rest.size() > 1 || strategies.size() > 2) {
      throw new IllegalStateException("unexpected patch strategy " + strategies + " on "
          + (parent.javaType() != null ? parent.javaType().getName() : "object") + "." + name);
    }
    return new PatchSchema.Field(valueSchema, rest.isEmpty() ? "" : rest.get(0), retainKeys,
        p.patchMergeKey() == null ? "" : p.patchMergeKey());
  }
}
