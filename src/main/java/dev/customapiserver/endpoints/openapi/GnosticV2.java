package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.function.Function;

/**
 * Encodes a Swagger 2.0 document (JSON tree) as the protobuf message {@code openapi.v2.Document} of
 * google/gnostic, the form kubectl and client-go ask {@code /openapi/v2} for
 * ({@code application/com.github.proto-openapi.spec.v2@v1.0+protobuf}). Field numbers follow
 * gnostic's OpenAPIv2.proto; arbitrary values ({@code default}, {@code enum}, {@code x-*}) travel as
 * {@code Any.yaml}. Covers what {@link SwaggerV2} produces.
 */
final class GnosticV2 {
  private final ObjectMapper yaml;

  GnosticV2(ObjectMapper yaml) {
    this.yaml = yaml;
  }

  byte[] encode(JsonNode doc) {
    ProtoWriter d = new ProtoWriter().string(1, doc.path("swagger").asText());
    d.message(2, new ProtoWriter().string(1, doc.path("info").path("title").asText())
        .string(2, doc.path("info").path("version").asText()));
    ProtoWriter paths = new ProtoWriter();
    named(doc.path("paths"), 2, this::pathItem, paths);
    d.message(8, paths);
    ProtoWriter definitions = new ProtoWriter();
    named(doc.path("definitions"), 1, this::schema, definitions);
    d.message(9, definitions);
    if (doc.has("parameters")) {
      ProtoWriter parameters = new ProtoWriter();
      doc.path("parameters").fields().forEachRemaining(e -> parameters.message(1,
          new ProtoWriter().string(1, e.getKey()).message(2, parameter(e.getValue()))));
      d.message(10, parameters);
    }
    for (JsonNode requirement : doc.path("security")) {
      ProtoWriter r = new ProtoWriter();
      requirement.fields().forEachRemaining(e -> r.message(1, new ProtoWriter().string(1, e.getKey())
          .message(2, strings(new ProtoWriter(), 1, e.getValue()))));
      d.message(12, r);
    }
    ProtoWriter securityDefinitions = new ProtoWriter();
    doc.path("securityDefinitions").fields().forEachRemaining(e -> {
      JsonNode s = e.getValue();
      ProtoWriter apiKey = new ProtoWriter().string(1, s.path("type").asText()).string(2, s.path("name").asText())
          .string(3, s.path("in").asText()).string(4, s.path("description").asText());
      securityDefinitions.message(1, new ProtoWriter().string(1, e.getKey()).message(2, new ProtoWriter().message(2, apiKey)));
    });
    d.message(13, securityDefinitions);
    return d.toByteArray();
  }

  private ProtoWriter pathItem(JsonNode item) {
    ProtoWriter p = new ProtoWriter();
    String[] methods = {"get", "put", "post", "delete", "options", "head", "patch"};
    for (int i = 0; i < methods.length; i++) {
      if (item.has(methods[i])) {
        p.message(i + 2, operation(item.get(methods[i])));
      }
    }
    item.path("parameters").forEach(param -> p.message(9, parametersItem(param)));
    return p;
  }

  private ProtoWriter operation(JsonNode op) {
    ProtoWriter o = new ProtoWriter();
    strings(o, 1, op.path("tags"));
    o.string(2, op.path("summary").asText()).string(3, op.path("description").asText()).string(5, op.path("operationId").asText());
    strings(o, 6, op.path("produces"));
    strings(o, 7, op.path("consumes"));
    op.path("parameters").forEach(param -> o.message(8, parametersItem(param)));
    ProtoWriter responses = new ProtoWriter();
    op.path("responses").fields().forEachRemaining(e -> {
      ProtoWriter r = new ProtoWriter().string(1, e.getValue().path("description").asText());
      if (e.getValue().has("schema")) {
        r.message(2, new ProtoWriter().message(1, schema(e.getValue().get("schema"))));
      }
      responses.message(1, new ProtoWriter().string(1, e.getKey()).message(2, new ProtoWriter().message(1, r)));
    });
    o.message(9, responses);
    strings(o, 10, op.path("schemes"));
    o.bool(11, op.path("deprecated").asBoolean(false));
    extensions(op, o, 13);
    return o;
  }

  /** A ParametersItem: a reference to a shared parameter, or the parameter itself. */
  private ProtoWriter parametersItem(JsonNode p) {
    if (p.has("$ref")) {
      return new ProtoWriter().message(2, new ProtoWriter().string(1, p.get("$ref").asText()));
    }
    return new ProtoWriter().message(1, parameter(p));
  }

  /** A Parameter: body, or a query/path/header sub-schema (their field numbers differ). */
  private ProtoWriter parameter(JsonNode p) {
    String in = p.path("in").asText();
    ProtoWriter parameter = new ProtoWriter();
    if (in.equals("body")) {
      parameter.message(1, new ProtoWriter().string(1, p.path("description").asText()).string(2, p.path("name").asText())
          .string(3, in).bool(4, p.path("required").asBoolean(false)).message(5, schema(p.path("schema"))));
    } else {
      boolean query = in.equals("query");
      int offset = query ? 1 : 0;
      ProtoWriter sub = new ProtoWriter().bool(1, p.path("required").asBoolean(false)).string(2, in)
          .string(3, p.path("description").asText()).string(4, p.path("name").asText())
          .string(5 + offset, p.path("type").asText()).string(6 + offset, p.path("format").asText());
      if (p.has("default")) {
        sub.message(9 + offset, any(p.get("default")));
      }
      sub.bool(19 + offset, p.path("uniqueItems").asBoolean(false));
      p.path("enum").forEach(v -> sub.message(20 + offset, any(v)));
      int which = switch (in) {
        case "header" -> 1;
        case "query" -> 3;
        default -> 4;
      };
      parameter.message(2, new ProtoWriter().message(which, sub));
    }
    return parameter;
  }

  private ProtoWriter schema(JsonNode s) {
    ProtoWriter w = new ProtoWriter().string(1, s.path("$ref").asText()).string(2, s.path("format").asText())
        .string(3, s.path("title").asText()).string(4, s.path("description").asText());
    if (s.has("default")) {
      w.message(5, any(s.get("default")));
    }
    w.float64(6, s.path("multipleOf").asDouble()).float64(7, s.path("maximum").asDouble())
        .bool(8, s.path("exclusiveMaximum").asBoolean(false)).float64(9, s.path("minimum").asDouble())
        .bool(10, s.path("exclusiveMinimum").asBoolean(false)).int64(11, s.path("maxLength").asLong())
        .int64(12, s.path("minLength").asLong()).string(13, s.path("pattern").asText())
        .int64(14, s.path("maxItems").asLong()).int64(15, s.path("minItems").asLong())
        .bool(16, s.path("uniqueItems").asBoolean(false)).int64(17, s.path("maxProperties").asLong())
        .int64(18, s.path("minProperties").asLong());
    strings(w, 19, s.path("required"));
    s.path("enum").forEach(v -> w.message(20, any(v)));
    JsonNode additional = s.get("additionalProperties");
    if (additional != null) {
      w.message(21, additional.isBoolean() ? new ProtoWriter().bool(2, additional.asBoolean())
          : new ProtoWriter().message(1, schema(additional)));
    }
    JsonNode type = s.get("type");
    if (type != null) {
      w.message(22, type.isArray() ? strings(new ProtoWriter(), 1, type) : new ProtoWriter().string(1, type.asText()));
    }
    if (s.has("items")) {
      ProtoWriter items = new ProtoWriter();
      JsonNode i = s.get("items");
      (i.isArray() ? i : yaml.createArrayNode().add(i)).forEach(x -> items.message(1, schema(x)));
      w.message(23, items);
    }
    s.path("allOf").forEach(x -> w.message(24, schema(x)));
    if (s.has("properties")) {
      ProtoWriter props = new ProtoWriter();
      named(s.get("properties"), 1, this::schema, props);
      w.message(25, props);
    }
    w.bool(27, s.path("readOnly").asBoolean(false));
    if (s.has("example")) {
      w.message(30, any(s.get("example")));
    }
    extensions(s, w, 31);
    return w;
  }

  private void named(JsonNode map, int field, Function<JsonNode, ProtoWriter> value, ProtoWriter into) {
    map.fields().forEachRemaining(e -> into.message(field, new ProtoWriter().string(1, e.getKey()).message(2, value.apply(e.getValue()))));
  }

  private void extensions(JsonNode node, ProtoWriter into, int field) {
    node.fields().forEachRemaining((Map.Entry<String, JsonNode> e) -> {
      if (e.getKey().startsWith("x-")) {
        into.message(field, new ProtoWriter().string(1, e.getKey()).message(2, any(e.getValue())));
      }
    });
  }

  private static ProtoWriter strings(ProtoWriter into, int field, JsonNode values) {
    values.forEach(v -> into.string(field, v.asText()));
    return into;
  }

  /** {@code Any} with its {@code yaml} field. */
  private ProtoWriter any(JsonNode value) {
    try {
      String text = yaml.writeValueAsString(value);
      return new ProtoWriter().string(2, text.startsWith("---\n") ? text.substring(4) : text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a JSON value as YAML", e);
    }
  }
}
