package dev.customapiserver.endpoints.fieldmanager;

import dev.customapiserver.schema.JavaSchemas;
import dev.customapiserver.schema.StructuralSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Schema}s of the versioned types, read from the server's one schema model
 * ({@link StructuralSchema}): list semantics from {@code x-kubernetes-list-type} and
 * {@code x-kubernetes-list-map-keys}, free-form values untyped.
 */
final class Schemas {
  private final JavaSchemas java = new JavaSchemas();
  private final Map<Object, Map<String, Schema>> structs = new ConcurrentHashMap<>();


  Schema of(Class<?> type) {
    return of(java.of(type));
  }

  /** The apply schema of a model node (from a Java class or a CRD). */
  static Schema of(StructuralSchema s, Map<Object, Map<String, Schema>> structs) {
    if (s == null) {
      return Schema.UNTYPED;
    }
    if (s.type().equals("array")) {
      Schema element = of(s.items(), structs);
      return s.listType() == null ? Schema.list("atomic", List.of(), element) : Schema.list(s.listType(), s.listMapKeys(), element);
    }
    if ("atomic".equals(s.mapType()) && (s.type().equals("object") || s.additionalProperties() != null)) {
      return Schema.SCALAR; // x-kubernetes-map-type: atomic: owned and replaced as a whole
    }
    if (s.additionalProperties() != null) {
      return Schema.map(of(s.additionalProperties(), structs));
    }
    if (s.type().isEmpty() || (s.type().equals("object") && s.javaType() == null && s.properties().isEmpty())) {
      return Schema.UNTYPED;
    }
    if (!s.type().equals("object")) {
      return Schema.SCALAR;
    }
    Object key = s.javaType() != null ? s.javaType() : s.properties();
    return Schema.struct(name -> fields(s, key, structs).getOrDefault(name, Schema.UNTYPED));
  }

  /** The apply schema of a run-time (CRD) schema. */
  Schema of(StructuralSchema s) {
    return of(s, structs);
  }

  private static Map<String, Schema> fields(StructuralSchema s, Object key, Map<Object, Map<String, Schema>> structs) {
    Map<String, Schema> known = structs.get(key);
    if (known != null) {
      return known;
    }
    Map<String, Schema> fields = new HashMap<>();
    s.properties().forEach((name, p) -> fields.put(name, of(p, structs)));
    structs.put(key, fields);
    return fields;
  }
}
