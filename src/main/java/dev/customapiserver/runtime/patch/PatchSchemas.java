package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import dev.customapiserver.api.meta.PatchStrategy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds {@link PatchSchema}s from Java wire types the way Jackson sees them (JSON names, ignored
 * fields, records), reading {@link PatchStrategy} on each property. Thread-safe; caches per type.
 */
final class PatchSchemas {
  private final ObjectMapper mapper;
  private final Map<JavaType, PatchSchema> cache = new ConcurrentHashMap<>();

  PatchSchemas(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  PatchSchema of(Class<?> type) {
    return of(mapper.constructType(type));
  }

  /** The schema of a value of type {@code t}; for lists and arrays, the schema of their elements. */
  PatchSchema of(JavaType t) {
    if (t.getRawClass() == byte[].class) {
      return PatchSchema.FREE; // base64 on the wire: a string
    }
    if (t.isCollectionLikeType() || t.isArrayType()) {
      return of(t.getContentType());
    }
    if (t.isMapLikeType()) {
      return cache.computeIfAbsent(t, k -> new PatchSchema("map", Map::of, () -> plain(k.getContentType())));
    }
    if (isFreeOrScalar(t)) {
      return PatchSchema.FREE;
    }
    return cache.computeIfAbsent(t, k -> new PatchSchema(k.getRawClass().getSimpleName(), () -> fields(k), () -> PatchSchema.Field.PLAIN));
  }

  private PatchSchema.Field plain(JavaType valueType) {
    return new PatchSchema.Field(of(valueType), "", false, "");
  }

  private Map<String, PatchSchema.Field> fields(JavaType type) {
    BeanDescription d = mapper.getSerializationConfig().introspect(type);
    Map<String, PatchSchema.Field> out = new LinkedHashMap<>();
    for (BeanPropertyDefinition p : d.findProperties()) {
      PatchStrategy ps = annotation(p);
      PatchSchema valueSchema = of(p.getPrimaryType());
      if (ps == null) {
        out.put(p.getName(), new PatchSchema.Field(valueSchema, "", false, ""));
        continue;
      }
      List<String> strategies = Arrays.stream(ps.value().split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
      boolean retainKeys = strategies.contains("retainKeys");
      List<String> rest = strategies.stream().filter(s -> !s.equals("retainKeys")).toList();
      if (rest.size() > 1 || strategies.size() > 2) {
        throw new IllegalStateException("unexpected patch strategy " + strategies + " on " + type.getRawClass().getName()
            + "." + p.getName());
      }
      out.put(p.getName(), new PatchSchema.Field(valueSchema, rest.isEmpty() ? "" : rest.get(0), retainKeys, ps.mergeKey()));
    }
    return out;
  }

  private static PatchStrategy annotation(BeanPropertyDefinition p) {
    for (AnnotatedMember m : new AnnotatedMember[] {p.getField(), p.getGetter(), p.getSetter(), p.getConstructorParameter()}) {
      PatchStrategy ps = m == null ? null : m.getAnnotation(PatchStrategy.class);
      if (ps != null) {
        return ps;
      }
    }
    return null;
  }

  private static boolean isFreeOrScalar(JavaType t) {
    Class<?> raw = t.getRawClass();
    return t.isPrimitive() || t.isEnumType() || raw == Object.class || JsonNode.class.isAssignableFrom(raw)
        || raw.getName().startsWith("java.") || raw.getName().startsWith("javax.");
  }
}
