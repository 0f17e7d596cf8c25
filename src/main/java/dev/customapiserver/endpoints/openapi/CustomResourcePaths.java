package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import java.util.ArrayList;
import java.util.List;

/**
 * The path items of a custom resource in one version, as kube-apiserver's CRD OpenAPI builder makes
 * them (apiextensions-apiserver controller/openapi/builder/builder.go): the same routes, operation ids,
 * descriptions, query parameters (the fields of the meta/v1 options types), bodies and responses,
 * every operation producing JSON and YAML; then kube-openapi's path-level sharing and sorting of
 * parameters ({@link PathItems}).
 *
 * <p>Where kube's CRD builder differs from its built-in kinds, this follows the CRD builder:
 * deletecollection takes ListOptions and no body, delete answers with a Status, patch answers 200
 * only, create also 202, a read takes {@code resourceVersion}, a list is described as
 * "list objects of kind".
 */
final class CustomResourcePaths {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final List<String> JSON_YAML = List.of("application/json", "application/yaml");

  private final GroupVersion gv;
  private final ResourceType<?> type;
  private final String kindRef;
  private final String listRef;
  private final String infix;
  private final List<String> patchTypes;

  /** {@code kindSchema}/{@code listSchema}: the component names of the kind and its list. */
  CustomResourcePaths(GroupVersion gv, ResourceType<?> type, String kindSchema, String listSchema,
      List<String> patchTypes) {
    this.gv = gv;
    this.type = type;
    this.kindRef = SchemaNames.ref(kindSchema);
    this.listRef = SchemaNames.ref(listSchema);
    this.infix = SchemaNames.operationInfix(gv);
    this.patchTypes = patchTypes;
  }

  /** Adds this resource's path items to {@code paths}. */
  void addTo(ObjectNode paths) {
    String base = "/" + SchemaNames.indexKey(gv);
    String kind = type.kind();
    String root = base + "/" + type.plural();
    if (type.namespaced()) {
      ObjectNode all = NODES.objectNode();
      all.set("get", op("list" + infix + kind + "ForAllNamespaces", "list", "list objects of kind " + kind,
          Parameters.listOptions(), null, responses(listRef)));
      put(paths, root, all);
      root = base + "/namespaces/{namespace}/" + type.plural();
    }
    String scope = type.namespaced() ? "Namespaced" : "";
    String status = SchemaNames.ref(MetaSchemas.STATUS);

    ObjectNode collection = NODES.objectNode();
    collection.set("get", op("list" + infix + scope + kind, "list", "list objects of kind " + kind,
        Parameters.listOptions(), null, responses(listRef)));
    collection.set("post", op("create" + infix + scope + kind, "post", "create " + SchemaNames.withArticle(kind),
        Parameters.write(), body(kindRef, JSON_YAML, true), responses(kindRef, "201", "202")));
    collection.set("delete", op("delete" + infix + "Collection" + scope + kind, "deletecollection",
        "delete collection of " + kind, Parameters.listOptions(), null, responses(status)));
    put(paths, root, collection);

    String object = root + "/{name}";
    ObjectNode o = NODES.objectNode();
    o.set("get", op("read" + infix + scope + kind, "get", "read the specified " + kind, Parameters.getOptions(),
        null, responses(kindRef)));
    o.set("put", op("replace" + infix + scope + kind, "put", "replace the specified " + kind, Parameters.write(),
        body(kindRef, JSON_YAML, true), responses(kindRef, "201")));
    o.set("delete", op("delete" + infix + scope + kind, "delete", "delete " + SchemaNames.withArticle(kind), Parameters.delete(),
        body(SchemaNames.ref(MetaSchemas.DELETE_OPTIONS), JSON_YAML, false), responses(status, "202")));
    o.set("patch", op("patch" + infix + scope + kind, "patch", "partially update the specified " + kind,
        Parameters.patch(), body(SchemaNames.ref(MetaSchemas.PATCH), patchTypes, true), responses(kindRef)));
    put(paths, object, o);

    if (type.hasStatusSubresource()) {
      put(paths, object + "/status", subresource("Status", "status", kindRef, scope, kind));
    }
    if (type.scale().isPresent()) {
      put(paths, object + "/scale", subresource("Scale", "scale", SchemaNames.ref(ScaleSchemas.SCALE), scope, kind));
    }
  }

  /** GET, PUT and PATCH of {@code /status} or {@code /scale}, reading and writing {@code ref}. */
  private ObjectNode subresource(String title, String name, String ref, String scope, String kind) {
    ObjectNode s = NODES.objectNode();
    s.set("get", op("read" + infix + scope + kind + title, "get", "read " + name + " of the specified " + kind,
        Parameters.getOptions(), null, responses(ref)));
    s.set("put", op("replace" + infix + scope + kind + title, "put", "replace " + name + " of the specified " + kind,
        Parameters.write(), body(ref, JSON_YAML, true), responses(ref, "201")));
    s.set("patch", op("patch" + infix + scope + kind + title, "patch",
        "partially update " + name + " of the specified " + kind, Parameters.patch(),
        body(SchemaNames.ref(MetaSchemas.PATCH), patchTypes, true), responses(ref)));
    return s;
  }

  /** Adds the path's {@code namespace} and {@code name} parameters to each operation, then shares and sorts. */
  private void put(ObjectNode paths, String path, ObjectNode item) {
    item.forEach(op -> {
      ArrayNode params = (ArrayNode) op.get("parameters");
      if (path.contains("{namespace}")) {
        params.add(Parameters.path("namespace", OptionDocs.NAMESPACE));
      }
      if (path.contains("{name}")) {
        params.add(Parameters.path("name", "name of the " + type.kind()));
      }
    });
    PathItems.shareParameters(item);
    paths.set(path, item);
  }

  /** One operation: {@code pretty} and {@code params} (the path's parameters are added by {@link #put}). */
  private ObjectNode op(String id, String action, String description, List<ObjectNode> params, ObjectNode body,
      ObjectNode responses) {
    ObjectNode op = OperationNodes.start(gv, id, description);
    List<ObjectNode> all = new ArrayList<>();
    all.add(Parameters.pretty());
    all.addAll(params);
    ArrayNode p = op.putArray("parameters");
    all.forEach(p::add);
    return OperationNodes.finish(op, body, responses, action, gv, type.kind());
  }

  private static ObjectNode body(String ref, List<String> mediaTypes, boolean required) {
    ObjectNode b = OperationNodes.body(ref, mediaTypes);
    if (required) {
      b.put("required", true);
    }
    return b;
  }

  /** 200 with {@code ref}, the other {@code codes} with it too, and 401; JSON and YAML each. */
  private static ObjectNode responses(String ref, String... codes) {
    ObjectNode r = NODES.objectNode();
    response(r, "200", "OK", ref);
    for (String code : codes) {
      response(r, code, code.equals("201") ? "Created" : "Accepted", ref);
    }
    r.putObject("401").put("description", "Unauthorized");
    return r;
  }

  private static void response(ObjectNode responses, String code, String description, String ref) {
    ObjectNode content = responses.putObject(code).put("description", description).putObject("content");
    for (String mt : JSON_YAML) {
      content.putObject(mt).putObject("schema").put("$ref", ref);
    }
  }

}
