package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;

/** The kind and list-kind schemas of a resource in one group-version. */
final class Kinds {
  private Kinds() {}

  /** Sets {@code x-kubernetes-group-version-kind} to a one-element array, as kind schemas carry it. */
  static ObjectNode gvkArray(ObjectNode schema, String group, String version, String kind) {
    ArrayNode a = schema.putArray("x-kubernetes-group-version-kind");
    a.addObject().put("group", group).put("version", version).put("kind", kind);
    return schema;
  }

  /**
   * Defines the kind schema from the versioned class and the {@code <Kind>List} schema; returns the
   * name of the kind schema. The list schema is named the same with a {@code List} suffix.
   */
  static String define(TypeSchemas types, GroupVersion gv, ResourceType<?> type) {
    Class<?> versioned = type.version(gv.version()).orElseThrow().type();
    String name = SchemaNames.prefix(gv) + "." + type.kind();
    ObjectNode list = types.newSchema();
    types.put(name + "List", list); // reserved before the kind's nested classes pick names
    gvkArray(types.define(versioned, name), gv.group(), gv.version(), type.kind());

    list.put("description", type.kind() + "List is a list of " + type.kind() + " objects.");
    list.put("type", "object");
    list.putArray("required").add("items");
    ObjectNode props = list.putObject("properties");
    props.putObject("apiVersion").put("description", MetaDescriptions.API_VERSION).put("type", "string");
    ObjectNode items = props.putObject("items").put("description", "List of " + type.plural() + ".")
        .put("type", "array");
    items.putObject("items").putArray("allOf").addObject().put("$ref", SchemaNames.ref(name));
    props.putObject("kind").put("description", MetaDescriptions.KIND).put("type", "string");
    ObjectNode metadata = props.putObject("metadata").put("description", "Standard list metadata.");
    metadata.putArray("allOf").addObject().put("$ref", SchemaNames.ref(MetaSchemas.LIST_META));
    gvkArray(list, gv.group(), gv.version(), type.kind() + "List");
    return name;
  }
}
