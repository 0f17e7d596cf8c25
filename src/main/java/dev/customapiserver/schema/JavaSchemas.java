package dev.customapiserver.schema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.AnnotatedWildcardType;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one reflector of the Java wire types: builds the {@link StructuralSchema} of a class as Jackson
 * writes it (properties are public instance fields, superclasses first, or record components, named by
 * {@link JsonProperty}), with {@link Description}, {@link dev.customapiserver.schema.Default},
 * {@link Enum}, {@link ListType}, {@link PatchStrategy} and the Bean
 * Validation constraints a schema can say ({@code @Size}, {@code @Min}, {@code @Pattern}, {@code @NotNull}
 * as required, ...). OpenAPI, strategic merge patch and server-side apply read what it builds.
 *
 * <p>A class is one node, shared by every place that uses it (so recursive types are cycles); where a
 * field or element has a class type, it gets its own node that shares the class's properties and adds
 * what the field says (description, list type, constraints). Thread-safe; caches per class.
 */
public final class JavaSchemas {
  private final Map<Class<?>, StructuralSchema> classes = new HashMap<>();

  /** Where the properties of a class node live: filled after the node is cached, seen through read-only views. */
  private record Backing(LinkedHashMap<String, StructuralSchema> properties, List<String> required) {}

  /** The node of a class (a struct), or of any other Java type (scalars, lists, maps). */
  public synchronized StructuralSchema of(Class<?> type) {
    if (isStruct(type)) {
      return classNode(type);
    }
    return shape(annotated(type));
  }

  /** Whether {@code type} becomes an object with named properties (a class of the API), not a scalar, list or map. */
  public static boolean isStruct(Class<?> raw) {
    return !(raw.isPrimitive() || raw.isEnum() || raw.isArray() || raw == Object.class || raw == String.class
        || JsonNode.class.isAssignableFrom(raw) || Collection.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw)
        || raw == Optional.class || Number.class.isAssignableFrom(raw) || raw == Boolean.class || raw == Character.class
        || raw == Instant.class || raw == OffsetDateTime.class || raw == ZonedDateTime.class || raw == Date.class
        || raw == LocalDate.class);
  }

  private StructuralSchema classNode(Class<?> type) {
    StructuralSchema known = classes.get(type);
    if (known != null) {
      return known;
    }
    StructuralSchema s = new StructuralSchema();
    s.type = "object";
    s.javaType = type;
    Backing b = new Backing(new LinkedHashMap<>(), new ArrayList<>());
    s.properties = Collections.unmodifiableMap(b.properties());
    s.required = Collections.unmodifiableList(b.required());
    Description d = type.getAnnotation(Description.class);
    s.description = d == null ? "" : d.value();
    classes.put(type, s);
    for (Member m : members(type)) {
      StructuralSchema p = property(m);
      b.properties().put(m.wireName(), p);
      if (Constraints.required(annotations(m.annotatedType(), m.field()))) {
        b.required().add(m.wireName());
      }
    }
    return s;
  }

  private StructuralSchema property(Member m) {
    StructuralSchema p = node(m.annotatedType(), m.field());
    Field f = m.field();
    p.javaDeclaringClass = m.declaring();
    Description d = f.getAnnotation(Description.class);
    if (d != null) {
      p.description = d.value();
    }
    ListType lt = f.getAnnotation(ListType.class);
    if (lt != null) {
      p.listType = lt.value();
      p.listMapKeys = List.of(lt.mapKeys());
    }
    PatchStrategy ps = f.getAnnotation(PatchStrategy.class);
    if (ps != null) {
      p.patchStrategy = ps.value();
      p.patchMergeKey = ps.mergeKey().isEmpty() ? null : ps.mergeKey();
    }
    documentedValues(p, f);
    return p;
  }

  /** {@code enum} from {@link Enum} (on the items of a list) and {@code default}. */
  private static void documentedValues(StructuralSchema p, Field field) {
    Enum e = field.getAnnotation(Enum.class);
    if (e != null) {
      StructuralSchema target = p.type.equals("array") && p.items != null ? p.items : p;
      List<JsonNode> values = new ArrayList<>();
      for (String v : e.value()) {
        values.add(TextNode.valueOf(v));
      }
      target.enumValues = List.copyOf(values);
    }
    Optional<JsonNode> d = DocumentedDefaults.of(field);
    if (d.isPresent()) {
      if (e != null && d.get().isTextual() && !List.of(e.value()).contains(d.get().asText())) {
        throw new IllegalStateException("@Default of " + field.getDeclaringClass().getName() + "." + field.getName()
            + " is not one of its @Enum values: " + d.get().asText());
      }
      p.defaultValue = d.get();
    }
  }

  /** The node of a field or element type, with the constraints its annotations state. */
  private StructuralSchema node(AnnotatedType type, AnnotatedElement declaration) {
    StructuralSchema s = shape(type);
    Constraints.apply(s, s.javaType != null ? "" : s.type, annotations(type, declaration));
    return s;
  }

  private StructuralSchema shape(AnnotatedType at) {
    Type t = at.getType();
    Class<?> raw = raw(t);
    if (raw == Optional.class && at instanceof AnnotatedParameterizedType p) {
      return node(p.getAnnotatedActualTypeArguments()[0], null);
    }
    if (raw == String.class || raw == char.class || raw == Character.class) {
      return simple("string", "");
    }
    if (raw == int.class || raw == Integer.class || raw == short.class || raw == Short.class || raw == byte.class
        || raw == Byte.class) {
      return simple("integer", "int32");
    }
    if (raw == long.class || raw == Long.class) {
      return simple("integer", "int64");
    }
    if (raw == BigInteger.class) {
      return simple("integer", "");
    }
    if (raw == double.class || raw == Double.class) {
      return simple("number", "double");
    }
    if (raw == float.class || raw == Float.class) {
      return simple("number", "float");
    }
    if (raw == BigDecimal.class || raw == Number.class) {
      return simple("number", "");
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return simple("boolean", "");
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
      StructuralSchema s = simple("string", "");
      s.enumValues = enumValues(raw);
      return s;
    }
    if (raw == Object.class || JsonNode.class.isAssignableFrom(raw)) {
      return freeForm();
    }
    if (Collection.class.isAssignableFrom(raw) || raw.isArray()) {
      StructuralSchema s = simple("array", "");
      AnnotatedType element = element(at);
      s.items = element == null ? freeForm() : node(element, null);
      return s;
    }
    if (Map.class.isAssignableFrom(raw)) {
      StructuralSchema s = simple("object", "");
      AnnotatedType value = at instanceof AnnotatedParameterizedType p ? p.getAnnotatedActualTypeArguments()[1] : null;
      s.additionalProperties = value == null ? freeForm() : node(value, null);
      return s;
    }
    return reference(classNode(raw));
  }

  /** A node of its own for one use of a class: the class's properties, shared, and room for what the use says. */
  private StructuralSchema reference(StructuralSchema c) {
    StructuralSchema s = new StructuralSchema();
    s.type = "object";
    s.javaType = c.javaType;
    s.properties = c.properties;
    s.required = c.required;
    s.classNode = c;
    return s;
  }

  private static List<JsonNode> enumValues(Class<?> type) {
    List<JsonNode> values = new ArrayList<>();
    for (Object constant : type.getEnumConstants()) {
      String name = ((java.lang.Enum<?>) constant).name();
      String wire = name;
      try {
        JsonProperty jp = type.getField(name).getAnnotation(JsonProperty.class);
        wire = jp != null && !jp.value().isEmpty() ? jp.value() : name;
      } catch (NoSuchFieldException e) {
        // the constant's name
      }
      values.add(TextNode.valueOf(wire));
    }
    return List.copyOf(values);
  }

  private static StructuralSchema simple(String type, String format) {
    StructuralSchema s = new StructuralSchema();
    s.type = type;
    s.format = format;
    return s;
  }

  private static StructuralSchema freeForm() {
    StructuralSchema s = simple("object", "");
    s.preserveUnknownFields = true;
    return s;
  }

  private static AnnotatedType annotated(Class<?> type) {
    return new AnnotatedType() {
      @Override
      public Type getType() {
        return type;
      }

      @Override
      public <T extends Annotation> T getAnnotation(Class<T> annotationClass) {
        return null;
      }

      @Override
      public Annotation[] getAnnotations() {
        return new Annotation[0];
      }

      @Override
      public Annotation[] getDeclaredAnnotations() {
        return new Annotation[0];
      }
    };
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
    if (t instanceof GenericArrayType) {
      return Object[].class;
    }
    return Object.class; // type variables and wildcards: anything goes
  }

  /** A serialized field: a public instance field or a record component (read through its field). */
  private record Member(String name, Field field, Class<?> declaring, RecordComponent component) {
    AnnotatedType annotatedType() {
      return component != null ? component.getAnnotatedType() : field.getAnnotatedType();
    }

    String wireName() {
      JsonProperty jp = field.getAnnotation(JsonProperty.class);
      return jp != null && !jp.value().isEmpty() ? jp.value() : name;
    }
  }

  private static List<Member> members(Class<?> type) {
    List<Member> out = new ArrayList<>();
    if (type.isRecord()) {
      for (RecordComponent rc : type.getRecordComponents()) {
        Field f = declaredField(type, rc.getName());
        if (!f.isAnnotationPresent(JsonIgnore.class)) {
          out.add(new Member(rc.getName(), f, type, rc));
        }
      }
      return out;
    }
    if (type.getSuperclass() != null && type.getSuperclass() != Object.class) {
      out.addAll(members(type.getSuperclass()));
    }
    for (Field f : type.getDeclaredFields()) {
      int mod = f.getModifiers();
      if (Modifier.isPublic(mod) && !Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.isSynthetic()
          && !f.isAnnotationPresent(JsonIgnore.class)) {
        out.add(new Member(f.getName(), f, type, null));
      }
    }
    return out;
  }

  private static Field declaredField(Class<?> type, String name) {
    try {
      return type.getDeclaredField(name);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("record component without field: " + type.getName() + "." + name, e);
    }
  }
}
