package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import java.util.List;
import java.util.Map;

/**
 * The path items of one built-in resource in one group-version: collection, object and subresource routes
 * (custom resources: {@link CustomResourcePaths}).
 */
final class ResourcePaths {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final List<String> JSON_YAML = List.of("application/json", "application/yaml");
  private static final List<String> JSON_YAML_WATCH = List.of("application/json", "application/yaml",
      "application/json;stream=watch");
  private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
  /** A kind served in protobuf lists it, as kube-apiserver lists it for its built-in kinds. */
  private static final List<String> WITH_PROTOBUF = List.of("application/json", "application/yaml", PROTOBUF);
  private static final List<String> WITH_PROTOBUF_WATCH = List.of("application/json", "application/yaml", PROTOBUF,
      "application/json;stream=watch", PROTOBUF + ";stream=watch");
  private static final String STATUS = SchemaNames.META + "Status";
  private static final Map<String, String> REASONS = Map.of("200", "OK", "201", "Created", "202", "Accepted");

  private final GroupVersion gv;
  private final ResourceType<?> type;
  private final String kindRef;
  private final String listRef;
  private final String infix;
  private final String base;
  private final List<String> patchTypes;
  private final List<String> bodyTypes;
  private final List<String> listTypes;

  /** {@code patchTypes}: the media types every PATCH of this resource (subresources too) takes. */
  ResourcePaths(GroupVersion gv, ResourceType<?> type, String kindSchema, String listSchema, List<String> patchTypes) {
    this.gv = gv;
    this.type = type;
    this.kindRef = SchemaNames.ref(kindSchema);
    this.listRef = SchemaNames.ref(listSchema);
    this.infix = SchemaNames.operationInfix(gv);
    this.base = "/" + SchemaNames.indexKey(gv);
    this.patchTypes = patchTypes;
    boolean protobuf = type.version(gv.version()).map(v -> v.servesProtobuf()).orElse(false);
    this.bodyTypes = protobuf ? WITH_PROTOBUF : JSON_YAML;
    this.listTypes = protobuf ? WITH_PROTOBUF_WATCH : JSON_YAML_WATCH;
  }

  /** Adds this resource's path items to {@code paths}. */
  void addTo(ObjectNode paths) {
    boolean ns = type.namespaced();
    String scope = ns ? "Namespaced" : "";
    String collection = base + (ns ? "/namespaces/{namespace}/" : "/") + type.plural();
    String kind = type.kind();

    ObjectNode c = paths.putObject(collection);
    c.set("get", operation("list" + infix + scope + kind, "list", "list or watch objects of kind " + kind,
        ns, false, Parameters.list(true), null, responses(listRef, listTypes, "200")));
    c.set("post", operation("create" + infix + scope + kind, "post", "create " + SchemaNames.withArticle(kind),
        ns, false, Parameters.write(), body(kindRef, bodyTypes, true), responses(kindRef, bodyTypes, "200", "201")));
    List<ObjectNode> dc = Parameters.delete();
    dc.addAll(Parameters.list(false));
    c.set("delete", operation("delete" + infix + "Collection" + scope + kind, "deletecollection",
        "delete collection of " + kind, ns, false, dc, deleteOptions(), responses(SchemaNames.ref(STATUS), bodyTypes, "200")));

    String object = collection + "/{name}";
    ObjectNode o = paths.putObject(object);
    o.set("get", operation("read" + infix + scope + kind, "get", "read the specified " + kind,
        ns, true, List.of(), null, responses(kindRef, bodyTypes, "200")));
    o.set("put", operation("replace" + infix + scope + kind, "put", "replace the specified " + kind,
        ns, true, Parameters.write(), body(kindRef, bodyTypes, true), responses(kindRef, bodyTypes, "200", "201")));
    o.set("patch", patch("patch" + infix + scope + kind, "partially update the specified " + kind, ns));
    o.set("delete", operation("delete" + infix + scope + kind, "delete", "delete " + SchemaNames.withArticle(kind),
        ns, true, Parameters.delete(), deleteOptions(), responses(kindRef, bodyTypes, "200", "202")));

    if (type.hasStatusSubresource()) {
      ObjectNode s = paths.putObject(object + "/status");
      s.set("get", operation("read" + infix + scope + kind + "Status", "get", "read status of the specified " + kind,
          ns, true, List.of(), null, responses(kindRef, bodyTypes, "200")));
      s.set("put", operation("replace" + infix + scope + kind + "Status", "put",
          "replace status of the specified " + kind, ns, true, Parameters.write(), body(kindRef, bodyTypes, true),
          responses(kindRef, bodyTypes, "200", "201")));
      s.set("patch", patch("patch" + infix + scope + kind + "Status", "partially update status of the specified " + kind, ns));
    }
    if (type.scale().isPresent()) {
      addScale(paths.putObject(object + "/scale"), scope, kind, ns);
    }
    type.connectors().forEach((name, connector) -> {
      String media = connector.contentType().split(";")[0].trim();
      ObjectNode ok = NODES.objectNode();
      ok.putObject("200").put("description", "OK").putObject("content").putObject(media).putObject("schema")
          .put("type", "string");
      ok.putObject("401").put("description", "Unauthorized");
      paths.putObject(object + "/" + name).set("get", operation("connect" + infix + "Get" + scope + kind
          + SchemaNames.capitalize(name), "connect", "connect GET requests to " + name + " of " + kind, ns, true,
          List.of(), null, ok));
    });
    if (ns) {
      ObjectNode all = paths.putObject(base + "/" + type.plural());
      all.set("get", operation("list" + infix + kind + "ForAllNamespaces", "list",
          "list or watch objects of kind " + kind + " across all namespaces", false, false, Parameters.list(true),
          null, responses(listRef, listTypes, "200")));
    }
  }

  /** GET, PUT and PATCH of {@code /scale}, answering autoscaling/v1 Scale and tagged with its kind. */
  private void addScale(ObjectNode sc, String scope, String kind, boolean ns) {
    String scaleRef = SchemaNames.ref(ScaleSchemas.SCALE);
    sc.set("get", scaleKind(operation("read" + infix + scope + kind + "Scale", "get", "read scale of the specified " + kind,
        ns, true, List.of(), null, responses(scaleRef, JSON_YAML, "200"))));
    sc.set("put", scaleKind(operation("replace" + infix + scope + kind + "Scale", "put",
        "replace scale of the specified " + kind, ns, true, Parameters.write(), body(scaleRef, JSON_YAML, true),
        responses(scaleRef, JSON_YAML, "200", "201"))));
    sc.set("patch", scaleKind(operation("patch" + infix + scope + kind + "Scale", "patch",
        "partially update scale of the specified " + kind, ns, true, Parameters.patch(),
        body(SchemaNames.ref(SchemaNames.META + "Patch"), patchTypes, true),
        responses(scaleRef, JSON_YAML, "200", "201"))));
  }

  private ObjectNode scaleKind(ObjectNode op) {
    op.putObject("x-kubernetes-group-version-kind").put("group", "autoscaling").put("version", "v1").put("kind", "Scale");
    return op;
  }

  private ObjectNode patch(String id, String description, boolean ns) {
    return operation(id, "patch", description, ns, true, Parameters.patch(),
        body(SchemaNames.ref(SchemaNames.META + "Patch"), patchTypes, true),
        responses(kindRef, bodyTypes, "200", "201"));
  }

  private ObjectNode operation(String id, String action, String description, boolean namespaced, boolean named,
      List<ObjectNode> params, ObjectNode body, ObjectNode responses) {
    ObjectNode op = OperationNodes.start(gv, id, description);
    ArrayNode p = op.putArray("parameters");
    if (named) {
      p.add(Parameters.path("name", "name of the " + type.kind()));
    }
    if (namespaced) {
      p.add(Parameters.path("namespace", "object name and auth scope, such as for teams and projects"));
    }
    p.add(Parameters.pretty());
    params.forEach(p::add);
    return OperationNodes.finish(op, body, responses, action, gv, type.kind());
  }

  private static ObjectNode body(String ref, List<String> mediaTypes, boolean required) {
    return OperationNodes.body(ref, mediaTypes).put("required", required);
  }

  private static ObjectNode deleteOptions() {
    return body(SchemaNames.ref(SchemaNames.META + "DeleteOptions"), JSON_YAML, false);
  }

  /** Responses with {@code codes} (each returning {@code ref}) and 401. */
  private static ObjectNode responses(String ref, List<String> mediaTypes, String... codes) {
    ObjectNode r = NODES.objectNode();
    for (String code : codes) {
      ObjectNode content = r.putObject(code).put("description", REASONS.get(code)).putObject("content");
      for (String mt : mediaTypes) {
        content.putObject(mt).putObject("schema").put("$ref", ref);
      }
    }
    r.putObject("401").put("description", "Unauthorized");
    return r;
  }
}
