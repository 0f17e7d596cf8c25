package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.AnnotatedWildcardType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The schema of one property from its (annotated) Java type; classes become {@code $ref}s. */
final class PropertySchemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private final TypeSchemas types;

  PropertySchemas(TypeSchemas types) {
    this.types = types;
  }

  /** The property schema of a field or element type, with its constraints applied. */
  ObjectNode of(AnnotatedType type, AnnotatedElement declaration) {
    ObjectNode s = schema(type);
    Constraints.apply(s, annotations(type, declaration));
    return s;
  }

  /** Declaration and type-use annotations together, without the duplicates javac puts on both. */
  static Collection<Annotation> annotations(AnnotatedType type, AnnotatedElement declaration) {
    Set<Annotation> all = new LinkedHashSet<>();
    if (declaration != null) {
      all.addAll(List.of(declaration.getAnnotations()));
    }
    all.addAll(List.of(type.getAnnotations()));
    return new ArrayList<>(all);
  }

  private ObjectNode schema(AnnotatedType at) {
    Type t = at.getType();
    Class<?> raw = raw(t);
    if (raw == Optional.class && at instanceof AnnotatedParameterizedType p) {
      return of(p.getAnnotatedActualTypeArguments()[0], null);
    }
    if (raw == String.class || raw == char.class || raw == Character.class) {
      return simple("string", null);
    }
    if (raw == int.class || raw == Integer.class || raw == short.class || raw == Short.class
        || raw == byte.class || raw == Byte.class) {
      return simple("integer", "int32");
    }
    if (raw == long.class || raw == Long.class) {
      return simple("integer", "int64");
    }
    if (raw == BigInteger.class) {
      return simple("integer", null);
    }
    if (raw == double.class || raw == Double.class) {
      return simple("number", "double");
    }
    if (raw == float.class || raw == Float.class) {
      return simple("number", "float");
    }
    if (raw == BigDecimal.class || raw == Number.class) {
      return simple("number", null);
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return simple("boolean", null);
    }
    if (raw == Instant.class || raw == OffsetDateTime.class || raw == ZonedDateTime.class || raw == Date.class) {
      return simple("string", "date-time");
    }
    if (raw == LocalDate.class) {
      return simple("string", "date");
    }
    if (raw == byte[].class) {
      return simple("string", "byte");
    }
    if (raw.isEnum()) {
      return enumeration(raw);
    }
    if (raw == Object.class || JsonNode.class.isAssignableFrom(raw)) {
      return freeForm();
    }
    if (Collection.class.isAssignableFrom(raw) || raw.isArray()) {
      ObjectNode s = simple("array", null);
      AnnotatedType element = element(at);
      s.set("items", element == null ? freeForm() : of(element, null));
      return s;
    }
    if (Map.class.isAssignableFrom(raw)) {
      ObjectNode s = simple("object", null);
      AnnotatedType value = at instanceof AnnotatedParameterizedType p ? p.getAnnotatedActualTypeArguments()[1] : null;
      s.set("additionalProperties", value == null ? freeForm() : of(value, null));
      return s;
    }
    ObjectNode ref = NODES.objectNode();
    ref.putArray("allOf").addObject().put("$ref", SchemaNames.ref(types.nameOf(raw)));
    return ref;
  }

  private static AnnotatedType element(AnnotatedType at) {
    if (at instanceof AnnotatedArrayType a) {
      return a.getAnnotatedGenericComponentType();
    }
    if (at instanceof AnnotatedParameterizedType p) {
      AnnotatedType arg = p.getAnnotatedActualTypeArguments()[0];
      return arg instanceof AnnotatedWildcardType w ? w.getAnnotatedUpperBounds()[0] : arg;
    }
    return null;
  }

  private static Class<?> raw(Type t) {
    if (t instanceof Class<?> c) {
      return c;
    }
    if (t instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    if (t instanceof java.lang.reflect.GenericArrayType) {
      return Object[].class;
    }
    return Object.class; // type variables and wildcards: anything goes
  }

  private static ObjectNode simple(String type, String format) {
    ObjectNode s = NODES.objectNode().put("type", type);
    if (format != null) {
      s.put("format", format);
    }
    return s;
  }

  private static ObjectNode freeForm() {
    return simple("object", null).put("x-kubernetes-preserve-unknown-fields", true);
  }

  private static ObjectNode enumeration(Class<?> type) {
    ObjectNode s = simple("string", null);
    var values = s.putArray("enum");
    for (Object constant : type.getEnumConstants()) {
      String name = ((Enum<?>) constant).name();
      try {
        JsonProperty jp = type.getField(name).getAnnotation(JsonProperty.class);
        values.add(jp != null && !jp.value().isEmpty() ? jp.value() : name);
      } catch (NoSuchFieldException e) {
        values.add(name);
      }
    }
    return s;
  }
}
