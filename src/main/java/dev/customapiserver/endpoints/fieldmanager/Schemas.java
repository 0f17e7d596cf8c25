package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import dev.customapiserver.api.meta.ListType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Derives {@link Schema}s from the versioned Java types through Jackson's view of their properties
 * (so JSON names are the wire names); list semantics come from {@link ListType}.
 */
final class Schemas {
  private final ObjectMapper mapper;
  private final Map<JavaType, Map<String, Schema>> structs = new ConcurrentHashMap<>();

  Schemas(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  Schema of(Class<?> type) {
    return of(mapper.constructType(type), null);
  }

  private Schema of(JavaType t, ListType listType) {
    Class<?> raw = t.getRawClass();
    if (JsonNode.class.isAssignableFrom(raw) || raw == Object.class) {
      return Schema.UNTYPED;
    }
    if (raw == byte[].class) {
      return Schema.SCALAR; // base64 on the wire: a string
    }
    if (t.isCollectionLikeType() || t.isArrayType()) {
      Schema element = of(t.getContentType(), null);
      return listType == null ? Schema.list("atomic", List.of(), element)
          : Schema.list(listType.value(), List.of(listType.mapKeys()), element);
    }
    if (t.isMapLikeType()) {
      return Schema.map(of(t.getContentType(), null));
    }
    if (raw.isPrimitive() || raw.isEnum() || raw.getName().startsWith("java.")) {
      return Schema.SCALAR;
    }
    return Schema.struct(name -> fields(t).getOrDefault(name, Schema.UNTYPED));
  }

  private Map<String, Schema> fields(JavaType t) {
    Map<String, Schema> known = structs.get(t);
    if (known != null) {
      return known;
    }
    BeanDescription d = mapper.getSerializationConfig().introspect(t);
    Map<String, Schema> fields = new HashMap<>();
    for (BeanPropertyDefinition p : d.findProperties()) {
      AnnotatedMember m = p.getPrimaryMember();
      if (m != null) {
        fields.put(p.getName(), of(m.getType(), m.getAnnotation(ListType.class)));
      }
    }
    structs.put(t, fields);
    return fields;
  }
}
