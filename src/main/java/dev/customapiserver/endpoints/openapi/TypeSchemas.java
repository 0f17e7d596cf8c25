package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.Description;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Builds the component schemas of one group-version document by reflection: one named object schema
 * per class reached, properties from public instance fields (superclasses first) or record
 * components, named as Jackson names them. Not thread-safe; used once while building a document.
 */
final class TypeSchemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String META_PACKAGE = KubeObject.class.getPackageName();
  /** DeleteOptions.Preconditions is metav1.Preconditions, not DeleteOptionsPreconditions. */
  private static final Class<?> PRECONDITIONS = DeleteOptions.Preconditions.class;

  private final String prefix;
  private final SortedMap<String, ObjectNode> components;
  private final Map<Class<?>, String> names = new HashMap<>();
  private final PropertySchemas properties = new PropertySchemas(this);

  /** @param prefix schema name prefix of the group-version, e.g. {@code dev.zeng.hello.v2} */
  TypeSchemas(String prefix, SortedMap<String, ObjectNode> components) {
    this.prefix = prefix;
    this.components = components;
  }

  /** Registers {@code type} (and every class it reaches) under {@code name}; returns the schema. */
  ObjectNode define(Class<?> type, String name) {
    String taken = names.get(type);
    if (taken != null) {
      return components.get(taken);
    }
    ObjectNode schema = NODES.objectNode();
    put(name, schema);
    names.put(type, name);
    fill(schema, type);
    return schema;
  }

  /** A new, empty schema node, not yet registered. */
  ObjectNode newSchema() {
    return NODES.objectNode();
  }

  /** Registers a hand-built schema under {@code name}, which must be free. */
  void put(String name, ObjectNode schema) {
    if (components.putIfAbsent(name, schema) != null) {
      throw new IllegalStateException("schema name used twice: " + name);
    }
  }

  /** The schema name of {@code type}, defining it on first use. */
  String nameOf(Class<?> type) {
    String name = names.get(type);
    if (name == null) {
      name = unique(defaultName(type));
      define(type, name);
    }
    return name;
  }

  private String defaultName(Class<?> type) {
    if (type.getPackageName().equals(META_PACKAGE)) {
      return SchemaNames.META + (type == PRECONDITIONS ? "Preconditions" : nested(type));
    }
    return prefix + "." + nested(type);
  }

  /**
   * {@code FooSpec} for a class {@code Spec} nested in a class already named {@code ...Foo}; the simple
   * name for top-level classes and classes nested in mere holders (classes that are no schema).
   */
  private String nested(Class<?> type) {
    String outerName = type.getEnclosingClass() == null ? null : names.get(type.getEnclosingClass());
    return outerName == null ? type.getSimpleName()
        : outerName.substring(outerName.lastIndexOf('.') + 1) + type.getSimpleName();
  }

  private String unique(String name) {
    String candidate = name;
    for (int i = 2; components.containsKey(candidate); i++) {
      candidate = name + i;
    }
    return candidate;
  }

  private void fill(ObjectNode schema, Class<?> type) {
    Description d = type.getAnnotation(Description.class);
    if (d != null) {
      schema.put("description", d.value());
    }
    schema.put("type", "object");
    ObjectNode props = NODES.objectNode();
    List<String> required = new ArrayList<>();
    for (Member m : members(type)) {
      JsonProperty jp = m.element.getAnnotation(JsonProperty.class);
      String wire = jp != null && !jp.value().isEmpty() ? jp.value() : m.name;
      ObjectNode p = properties.of(m.annotatedType(), m.element);
      String description = description(m.element, m.declaring, wire);
      if (description != null) {
        p = NODES.objectNode().put("description", description).setAll(p);
      }
      MergeExtensions.apply(p, m.element);
      DocumentedValues.apply(p, m.element);
      props.set(wire, p);
      if (Constraints.required(PropertySchemas.annotations(m.annotatedType(), m.element))) {
        required.add(wire);
      }
    }
    if (!required.isEmpty()) {
      ArrayNode r = schema.putArray("required");
      required.forEach(r::add);
    }
    if (!props.isEmpty()) {
      schema.set("properties", props);
    }
  }

  private static String description(AnnotatedElement e, Class<?> declaring, String wire) {
    Description d = e.getAnnotation(Description.class);
    return d != null ? d.value() : MetaDescriptions.of(declaring, wire);
  }

  /** A serialized field: a public instance field or a record component (read through its field). */
  private record Member(String name, Field element, Class<?> declaring, RecordComponent component) {
    java.lang.reflect.AnnotatedType annotatedType() {
      return component != null ? component.getAnnotatedType() : element.getAnnotatedType();
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
      if (Modifier.isPublic(mod) && !Modifier.isStatic(mod) && !Modifier.isTransient(mod)
          && !f.isSynthetic() && !f.isAnnotationPresent(JsonIgnore.class)) {
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
