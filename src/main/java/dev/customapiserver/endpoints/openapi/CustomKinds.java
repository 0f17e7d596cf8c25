package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.schema.StructuralSchema;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The kind and list-kind schemas of a custom resource (a kind defined at run time by its schema, not
 * a class), as kube-apiserver's CRD OpenAPI builder publishes them: the version's schema with
 * {@code apiVersion}, {@code kind} and a {@code metadata} reference to ObjectMeta added (also inside
 * {@code x-kubernetes-embedded-resource} objects), {@code x-kubernetes-group-version-kind}, and a
 * list kind (its CRD's {@code listKind}, {@code <Kind>List} by default); {@code x-kubernetes-int-or-string}
 * nodes unfolded as kube unfolds them. Without a structural schema the kind is a bare {@code type: object}.
 *
 * <p>For OpenAPI v2 the schema is first reduced to what v2 and kubectl's v2 reader can take, as
 * kube's {@code ToStructuralOpenAPIV2}: no {@code allOf}/{@code anyOf}/{@code oneOf}/{@code not};
 * a nullable field loses its type, properties and items (and its place in {@code required}); below
 * {@code x-kubernetes-preserve-unknown-fields} properties and items go and an object or array is
 * left untyped; defaults are not published. A root that preserves unknown fields is a bare object.
 */
final class CustomKinds {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String PUF = "x-kubernetes-preserve-unknown-fields";
  private static final String CONVENTIONS = "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md";
  /** meta/v1 TypeMeta's field documentation, as kube's CRD builder copies it onto the kind. */
  static final String TYPE_META_API_VERSION = "APIVersion defines the versioned schema of this representation of an"
      + " object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized"
      + " values. More info: " + CONVENTIONS + "#resources";
  static final String TYPE_META_KIND = "Kind is a string value representing the REST resource this object"
      + " represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In"
      + " CamelCase. More info: " + CONVENTIONS + "#types-kinds";
  /** The descriptions kube's CRD builder gives apiVersion and kind of an {@code x-kubernetes-embedded-resource}. */
  static final String EMBEDDED_API_VERSION = "apiVersion defines the versioned schema of this representation of an"
      + " object. More info: " + CONVENTIONS + "#resources";
  static final String EMBEDDED_KIND = "kind is a string value representing the type of this object. In CamelCase."
      + " More info: " + CONVENTIONS + "#types-kinds";
  /** PartialObjectMetadata's and PartialObjectMetadataList's {@code metadata} documentation. */
  static final String OBJECT_METADATA = "Standard object's metadata. More info: " + CONVENTIONS + "#metadata";
  static final String LIST_METADATA = "Standard list metadata. More info: " + CONVENTIONS + "#types-kinds";

  private CustomKinds() {}

  /** Defines the kind and list schemas of {@code type} in {@code gv}; returns the kind schema's name. */
  static String define(TypeSchemas types, GroupVersion gv, ResourceType<?> type, boolean v2) {
    String name = SchemaNames.prefix(gv) + "." + type.kind();
    StructuralSchema s = type.schema(gv.version()).orElse(null);
    ObjectNode kind;
    if (s == null || (v2 && s.preserveUnknownFields())) {
      kind = NODES.objectNode().put("type", "object");
    } else {
      JsonNode tree = s.toOpenApiV3();
      kind = tree.isObject() ? (ObjectNode) tree : NODES.objectNode().put("type", "object");
      unfold(kind);
      if (v2) {
        toV2(kind);
      }
      ObjectNode props = kind.has("properties") && kind.get("properties").isObject()
          ? (ObjectNode) kind.get("properties") : kind.putObject("properties");
      typeMeta(props, TYPE_META_API_VERSION, TYPE_META_KIND);
      metadata(props);
      embedded(kind, v2);
    }
    types.put(name, kind);
    Kinds.gvkArray(kind, gv.group(), gv.version(), type.kind());
    types.put(listName(gv, type), list(gv, type, name));
    return name;
  }

  /** The name of the list kind's schema: {@code <reversed group>.<version>.<listKind>}. */
  static String listName(GroupVersion gv, ResourceType<?> type) {
    return SchemaNames.prefix(gv) + "." + type.listKind();
  }

  private static ObjectNode list(GroupVersion gv, ResourceType<?> type, String kindName) {
    ObjectNode list = NODES.objectNode();
    list.put("description", type.listKind() + " is a list of " + type.kind());
    list.put("type", "object");
    list.putArray("required").add("items");
    ObjectNode props = list.putObject("properties");
    typeMeta(props, TYPE_META_API_VERSION, TYPE_META_KIND);
    ObjectNode items = props.putObject("items").put("description", "List of " + type.plural()
        + ". More info: " + CONVENTIONS).put("type", "array");
    items.putObject("items").put("$ref", SchemaNames.ref(kindName));
    ObjectNode metadata = props.putObject("metadata").put("description", LIST_METADATA);
    metadata.putArray("allOf").addObject().put("$ref", SchemaNames.ref(MetaSchemas.LIST_META));
    Kinds.gvkArray(list, gv.group(), gv.version(), type.listKind());
    return list;
  }

  private static void typeMeta(ObjectNode props, String apiVersion, String kind) {
    props.set("apiVersion", NODES.objectNode().put("description", apiVersion).put("type", "string"));
    props.set("kind", NODES.objectNode().put("description", kind).put("type", "string"));
  }

  private static void metadata(ObjectNode props) {
    ObjectNode metadata = NODES.objectNode().put("description", OBJECT_METADATA);
    metadata.putArray("allOf").addObject().put("$ref", SchemaNames.ref(MetaSchemas.OBJECT_META));
    props.set("metadata", metadata);
  }

  /** Objects marked {@code x-kubernetes-embedded-resource} get apiVersion, kind and metadata, kind and apiVersion required. */
  private static void embedded(ObjectNode s, boolean v2) {
    for (JsonNode p : s.path("properties")) {
      if (p.isObject()) {
        embedded((ObjectNode) p, v2);
      }
    }
    if (s.get("items") instanceof ObjectNode items) {
      embedded(items, v2);
    }
    if (s.get("additionalProperties") instanceof ObjectNode additional) {
      embedded(additional, v2);
    }
    if (!s.path("x-kubernetes-embedded-resource").asBoolean(false) || (v2 && s.path(PUF).asBoolean(false))) {
      return;
    }
    ObjectNode props = s.has("properties") ? (ObjectNode) s.get("properties") : s.putObject("properties");
    typeMeta(props, EMBEDDED_API_VERSION, EMBEDDED_KIND);
    metadata(props);
    ArrayNode required = s.has("required") ? (ArrayNode) s.get("required") : s.putArray("required");
    for (String field : new String[] {"kind", "apiVersion"}) {
      boolean present = false;
      for (JsonNode r : required) {
        present |= r.asText().equals(field);
      }
      if (!present) {
        required.add(field);
      }
    }
  }

  /**
   * kube's {@code Structural.Unfold}, in place: an {@code x-kubernetes-int-or-string} node gets
   * {@code anyOf: [{type: integer}, {type: string}]}, or, when it has another anyOf, that anyOf first in
   * its {@code allOf}, unless it already has the pattern there.
   */
  static void unfold(ObjectNode s) {
    s.path("properties").forEach(p -> {
      if (p instanceof ObjectNode o) {
        unfold(o);
      }
    });
    if (s.get("items") instanceof ObjectNode items) {
      unfold(items);
    }
    if (s.get("additionalProperties") instanceof ObjectNode additional) {
      unfold(additional);
    }
    if (!s.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return;
    }
    ArrayNode intOrString = NODES.arrayNode();
    intOrString.addObject().put("type", "integer");
    intOrString.addObject().put("type", "string");
    if (intOrString.equals(s.get("anyOf")) || intOrString.equals(s.path("allOf").path(0).get("anyOf"))) {
      return;
    }
    if (!s.has("anyOf")) {
      s.set("anyOf", intOrString);
    } else {
      ArrayNode allOf = NODES.arrayNode();
      allOf.addObject().set("anyOf", intOrString);
      if (s.get("allOf") instanceof ArrayNode existing) {
        allOf.addAll(existing);
      }
      s.set("allOf", allOf);
    }
  }

  /** kube's {@code ToStructuralOpenAPIV2} on a schema tree, in place; defaults dropped as kube's v2 document drops them. */
  static void toV2(ObjectNode s) {
    s.remove(List.of("allOf", "anyOf", "oneOf", "not", "default"));
    boolean preserve = s.path(PUF).asBoolean(false);
    if (s.path("nullable").asBoolean(false)) {
      s.remove(List.of("type", "nullable", "properties", "items"));
    }
    if (preserve) {
      s.remove(List.of("properties", "items"));
    }
    if (!s.has("items") && s.path("type").asText("").equals("array")) {
      s.remove("type");
    }
    if (preserve && s.path("type").asText("").equals("object")) {
      s.remove("type");
    }
    if (s.get("properties") instanceof ObjectNode props) {
      for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getValue() instanceof ObjectNode p) {
          if (p.path("nullable").asBoolean(false)) {
            dropRequired(s, e.getKey());
          }
          toV2(p);
        }
      }
    }
    if (s.get("items") instanceof ObjectNode items) {
      toV2(items);
    }
    if (s.get("additionalProperties") instanceof ObjectNode additional) {
      if (additional.path("nullable").asBoolean(false)) {
        s.remove("required");
      }
      toV2(additional);
    }
  }

  private static void dropRequired(ObjectNode s, String field) {
    if (s.get("required") instanceof ArrayNode required) {
      for (int i = required.size() - 1; i >= 0; i--) {
        if (required.get(i).asText().equals(field)) {
          required.remove(i);
        }
      }
      if (required.isEmpty()) {
        s.remove("required");
      }
    }
  }
}
