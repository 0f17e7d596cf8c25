package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.schema.StructuralSchema;

/** The OpenAPI schema of one property or element from its node in the schema model; classes become {@code $ref}s. */
final class PropertySchemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private final TypeSchemas types;

  PropertySchemas(TypeSchemas types) {
    this.types = types;
  }

  /** The property schema of a node, with its limits. */
  ObjectNode of(StructuralSchema p) {
    ObjectNode s = NODES.objectNode();
    if (p.classNode() != null) {
      s.putArray("allOf").addObject().put("$ref", SchemaNames.ref(types.nameOf(p.javaType())));
    } else {
      if (!p.type().isEmpty()) {
        s.put("type", p.type());
      }
      if (!p.format().isEmpty()) {
        s.put("format", p.format());
      }
      if (p.preserveUnknownFields()) {
        s.put("x-kubernetes-preserve-unknown-fields", true);
      }
      if (p.items() != null) {
        s.set("items", of(p.items()));
      }
      if (p.additionalProperties() != null) {
        s.set("additionalProperties", of(p.additionalProperties()));
      }
      if (!p.enumValues().isEmpty()) {
        ArrayNode values = s.putArray("enum");
        p.enumValues().forEach(values::add);
      }
    }
    limits(s, p);
    return s;
  }

  private static void limits(ObjectNode s, StructuralSchema p) {
    put(s, "minLength", p.minLength());
    put(s, "maxLength", p.maxLength());
    put(s, "minItems", p.minItems());
    put(s, "maxItems", p.maxItems());
    put(s, "minProperties", p.minProperties());
    put(s, "maxProperties", p.maxProperties());
    if (p.minimum() != null) {
      s.put("minimum", p.minimum());
    }
    if (p.exclusiveMinimum()) {
      s.put("exclusiveMinimum", true);
    }
    if (p.maximum() != null) {
      s.put("maximum", p.maximum());
    }
    if (p.exclusiveMaximum()) {
      s.put("exclusiveMaximum", true);
    }
    if (p.pattern() != null) {
      s.put("pattern", p.pattern());
    }
  }

  private static void put(ObjectNode s, String name, Long value) {
    if (value != null) {
      s.put(name, value);
    }
  }
}
