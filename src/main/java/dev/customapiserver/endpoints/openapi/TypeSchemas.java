package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.JavaSchemas;
import dev.customapiserver.schema.StructuralSchema;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * Builds the component schemas of one group-version document from the server's one schema model
 * ({@link JavaSchemas}): one named object schema per class reached, {@code $ref}s where a field or
 * element has a class type. Not thread-safe; used once while building a document.
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
  private final JavaSchemas java = new JavaSchemas();

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

  /**
   * Registers a schema published as is under {@code name} (one of kube's own) and, for the classes
   * given, names it as theirs, so fields of those classes refer to it rather than define their own.
   */
  void adopt(String name, ObjectNode schema, Class<?>... types) {
    put(name, schema);
    for (Class<?> type : types) {
      names.put(type, name);
    }
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
    StructuralSchema c = java.of(type);
    if (!c.description().isEmpty()) {
      schema.put("description", c.description());
    }
    schema.put("type", "object");
    ObjectNode props = NODES.objectNode();
    for (Map.Entry<String, StructuralSchema> e : c.properties().entrySet()) {
      String wire = e.getKey();
      StructuralSchema property = e.getValue();
      ObjectNode p = properties.of(property);
      String description = !property.description().isEmpty() ? property.description()
          : MetaDescriptions.of(property.javaDeclaringClass(), wire);
      if (description != null) {
        p = NODES.objectNode().put("description", description).setAll(p);
      }
      MergeExtensions.apply(p, property);
      if (property.defaultValue() != null) {
        p.set("default", property.defaultValue().deepCopy());
      }
      props.set(wire, p);
    }
    if (!c.required().isEmpty()) {
      ArrayNode r = schema.putArray("required");
      c.required().forEach(r::add);
    }
    if (!props.isEmpty()) {
      schema.set("properties", props);
    }
  }
}
