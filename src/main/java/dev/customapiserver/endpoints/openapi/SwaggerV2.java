package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The one OpenAPI v2 (Swagger 2.0) document of the whole server, derived from the per-group-version
 * v3 documents as kube-apiserver serves it at {@code /openapi/v2}: every path, every definition
 * (under {@code #/definitions/}), request bodies as {@code body} parameters, media types as
 * {@code consumes}/{@code produces}. What v2 cannot say (e.g. {@code nullable}) is left out.
 */
final class SwaggerV2 {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String V3_REF = "#/components/schemas/";
  private static final List<String> CRD_CONSUMES = List.of("application/json", "application/yaml");
  private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch");

  private SwaggerV2() {}

  static ObjectNode of(List<JsonNode> v3Documents, String version) {
    Map<String, JsonNode> paths = new TreeMap<>();
    Map<String, JsonNode> definitions = new TreeMap<>();
    for (JsonNode doc : v3Documents) {
      boolean crd = OpenApiDocuments.CRD_TITLE.equals(doc.path("info").path("title").asText());
      doc.path("paths").fields().forEachRemaining(e -> paths.put(e.getKey(), pathItem(e.getValue(), crd)));
      doc.path("components").path("schemas").fields().forEachRemaining(e -> definitions.put(e.getKey(),
          KubeSchemas.has(e.getKey()) ? withoutDefaults(schema(e.getValue())) : schema(e.getValue())));
    }
    ObjectNode v2 = F.objectNode();
    v2.put("swagger", "2.0");
    v2.putObject("info").put("title", "custom-apiserver").put("version", version);
    v2.putObject("paths").setAll(paths);
    v2.putObject("definitions").setAll(definitions);
    ObjectNode shared = SharedParameters.share((ObjectNode) v2.get("paths"), F.objectNode());
    if (!shared.isEmpty()) {
      v2.set("parameters", shared);
    }
    v2.putObject("securityDefinitions").putObject("BearerToken").put("type", "apiKey")
        .put("name", "authorization").put("in", "header").put("description", "Bearer Token authentication");
    v2.putArray("security").addObject().putArray("BearerToken");
    return v2;
  }

  /** {@code crd}: from kube's CRD builder, whose every route (GET too) consumes JSON and YAML. */
  private static JsonNode pathItem(JsonNode v3, boolean crd) {
    ObjectNode item = F.objectNode();
    for (String method : METHODS) {
      if (v3.has(method)) {
        item.set(method, operation(v3.get(method), crd));
      }
    }
    if (v3.has("parameters")) {
      item.set("parameters", parameters(v3.get("parameters")));
    }
    return item;
  }

  private static ObjectNode operation(JsonNode v3, boolean crd) {
    ObjectNode op = F.objectNode();
    copy(v3, op, "tags", "summary", "description", "operationId", "deprecated");
    Set<String> consumes = new LinkedHashSet<>();
    Set<String> produces = new LinkedHashSet<>();
    ArrayNode params = parameters(v3.path("parameters"));
    JsonNode body = v3.get("requestBody");
    if (body != null) {
      ObjectNode p = F.objectNode().put("name", "body").put("in", "body");
      if (body.path("required").asBoolean(false)) {
        p.put("required", true);
      }
      body.path("content").fields().forEachRemaining(c -> {
        consumes.add(c.getKey());
        if (!p.has("schema")) {
          p.set("schema", schema(c.getValue().path("schema")));
        }
      });
      params.add(p);
    }
    ObjectNode responses = F.objectNode();
    v3.path("responses").fields().forEachRemaining(r -> {
      ObjectNode resp = responses.putObject(r.getKey()).put("description", r.getValue().path("description").asText(""));
      r.getValue().path("content").fields().forEachRemaining(c -> {
        produces.add(c.getKey());
        if (!resp.has("schema") && c.getValue().has("schema")) {
          resp.set("schema", schema(c.getValue().get("schema")));
        }
      });
    });
    if (consumes.isEmpty() && crd) {
      consumes.addAll(CRD_CONSUMES);
    }
    if (!consumes.isEmpty()) {
      consumes.forEach(op.putArray("consumes")::add);
    }
    if (!produces.isEmpty()) {
      produces.forEach(op.putArray("produces")::add);
    }
    op.putArray("schemes").add("https");
    if (!params.isEmpty()) {
      op.set("parameters", byNameIn(params));
    }
    op.set("responses", responses);
    v3.fields().forEachRemaining(e -> {
      if (e.getKey().startsWith("x-")) {
        op.set(e.getKey(), e.getValue());
      }
    });
    return op;
  }

  /** v3 parameters carry a schema; v2 non-body parameters carry its type and format themselves. */
  private static ArrayNode parameters(JsonNode v3) {
    ArrayNode out = F.arrayNode();
    for (JsonNode p : v3) {
      ObjectNode q = F.objectNode();
      copy(p, q, "name", "in", "description", "required");
      JsonNode s = p.path("schema");
      copy(s, q, "type", "format", "uniqueItems", "enum", "default");
      if (s.has("items")) {
        q.set("items", schema(s.get("items")));
      }
      out.add(q);
    }
    return out;
  }

  /** A v3 schema as v2: refs re-pointed, a lone {@code allOf} reference collapsed to {@code $ref}, v3-only keys dropped. */
  static JsonNode schema(JsonNode v3) {
    if (!v3.isObject()) {
      return v3;
    }
    ObjectNode out = F.objectNode();
    Iterator<Map.Entry<String, JsonNode>> it = v3.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      switch (e.getKey()) {
        case "$ref" -> out.put("$ref", v.asText().replace(V3_REF, "#/definitions/"));
        case "nullable", "oneOf", "anyOf", "not", "writeOnly", "deprecated" -> { }
        case "allOf" -> {
          if (v.size() == 1 && v.get(0).has("$ref")) {
            out.put("$ref", v.get(0).get("$ref").asText().replace(V3_REF, "#/definitions/"));
          } else {
            ArrayNode all = out.putArray("allOf");
            v.forEach(s -> all.add(schema(s)));
          }
        }
        case "properties" -> {
          ObjectNode props = out.putObject("properties");
          v.fields().forEachRemaining(p -> props.set(p.getKey(), schema(p.getValue())));
        }
        case "items" -> out.set("items", schema(v));
        case "additionalProperties" -> out.set("additionalProperties", v.isObject() ? schema(v) : v);
        default -> out.set(e.getKey(), v);
      }
    }
    return out;
  }

  /** kube's own schemas as its v2 document has them: defaults pruned (kube-openapi handler.PruneDefaults). */
  private static JsonNode withoutDefaults(JsonNode s) {
    if (s instanceof ObjectNode o) {
      o.remove("default");
      o.path("properties").forEach(SwaggerV2::withoutDefaults);
      o.path("allOf").forEach(SwaggerV2::withoutDefaults);
      withoutDefaults(o.path("items"));
      withoutDefaults(o.path("additionalProperties"));
    }
    return s;
  }

  /** The parameters sorted by name, then place, as kube-openapi sorts them (the body among them). */
  private static ArrayNode byNameIn(ArrayNode params) {
    List<JsonNode> l = new ArrayList<>();
    params.forEach(l::add);
    l.sort(Comparator.<JsonNode, String>comparing(p -> p.path("name").asText()).thenComparing(p -> p.path("in").asText()));
    ArrayNode out = F.arrayNode();
    l.forEach(out::add);
    return out;
  }

  private static void copy(JsonNode from, ObjectNode to, String... keys) {
    for (String k : keys) {
      if (from.has(k)) {
        to.set(k, from.get(k));
      }
    }
  }
}
