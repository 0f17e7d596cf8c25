package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The shared parameters of the OpenAPI v2 document, as kube-openapi's v2 builder deduplicates them
 * (kube-openapi pkg/builder/parameters.go): every parameter (of an operation or a path) becomes a
 * {@code $ref} to {@code #/parameters/<name>-<hash>}, the hash being the first six bytes of the
 * 64-bit FNV-1 hash of the parameter's JSON (in Go's field order), URL-safe base64. Left in place, as
 * kube leaves them: {@code name}, {@code fieldValidation} and {@code dryRun} (kubectl reads the last
 * two from the operation to detect server-side features), and body parameters whose schema is the
 * kind itself rather than a meta/v1 type.
 */
final class SharedParameters {
  private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch");
  private static final String META_DEFINITIONS = "#/definitions/io.k8s.apimachinery";

  private SharedParameters() {}

  /** Replaces the shareable parameters of {@code paths} with references; returns the {@code parameters} section. */
  static ObjectNode share(ObjectNode paths, ObjectNode sharedOut) {
    Map<String, String> names = new HashMap<>();
    Map<String, JsonNode> byName = new TreeMap<>();
    for (JsonNode item : paths) {
      for (String method : METHODS) {
        if (item.get(method) instanceof ObjectNode op && op.get("parameters") instanceof ArrayNode params) {
          replace(params, names, byName);
        }
      }
      if (item.get("parameters") instanceof ArrayNode params) {
        replace(params, names, byName);
      }
    }
    byName.forEach(sharedOut::set);
    return sharedOut;
  }

  private static void replace(ArrayNode params, Map<String, String> names, Map<String, JsonNode> byName) {
    for (int i = 0; i < params.size(); i++) {
      JsonNode p = params.get(i);
      if (!shareable(p)) {
        continue;
      }
      String json = goJson(p);
      String name = names.get(json);
      if (name == null) {
        String base = p.path("name").asText("");
        base = base.isEmpty() ? "param" : base;
        name = base + "-" + hash(json);
        for (int n = 1; byName.containsKey(name); n++) {
          name = base + "-" + n; // kube's answer to a hash collision
        }
        names.put(json, name);
        byName.put(name, p);
      }
      params.set(i, params.objectNode().put("$ref", "#/parameters/" + name));
    }
  }

  private static boolean shareable(JsonNode p) {
    String name = p.path("name").asText();
    String in = p.path("in").asText();
    if (p.has("$ref") || name.equals("name") && (in.equals("query") || in.equals("path"))) {
      return false;
    }
    if (in.equals("query") && (name.equals("fieldValidation") || name.equals("dryRun"))) {
      return false;
    }
    return !(in.equals("body") && name.equals("body") && !p.path("schema").path("$ref").asText().startsWith(META_DEFINITIONS));
  }

  /** The JSON kube-openapi hashes: a spec.Parameter's fields in Go's order, no HTML escaping. */
  static String goJson(JsonNode p) {
    StringBuilder b = new StringBuilder("{");
    for (String key : List.of("uniqueItems", "type", "format", "items", "collectionFormat", "default", "description",
        "name", "in", "required", "schema")) {
      JsonNode v = p.get(key);
      if (v == null || v.isBoolean() && !v.booleanValue() || v.isTextual() && v.asText().isEmpty()) {
        continue;
      }
      if (b.length() > 1) {
        b.append(',');
      }
      b.append('"').append(key).append("\":");
      value(b, v);
    }
    return b.append('}').toString();
  }

  private static void value(StringBuilder b, JsonNode v) {
    if (v.isTextual()) {
      string(b, v.asText());
    } else if (v.isObject()) {
      b.append('{');
      boolean first = true;
      for (var it = v.fields(); it.hasNext(); ) {
        var e = it.next();
        if (!first) {
          b.append(',');
        }
        first = false;
        string(b, e.getKey());
        b.append(':');
        value(b, e.getValue());
      }
      b.append('}');
    } else if (v.isArray()) {
      b.append('[');
      for (int i = 0; i < v.size(); i++) {
        if (i > 0) {
          b.append(',');
        }
        value(b, v.get(i));
      }
      b.append(']');
    } else {
      b.append(v.toString());
    }
  }

  private static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }

  /** 64-bit FNV-1 of the UTF-8 bytes, big-endian, first six bytes, URL-safe base64 (eight characters). */
  static String hash(String json) {
    long h = 0xcbf29ce484222325L;
    for (byte x : json.getBytes(StandardCharsets.UTF_8)) {
      h *= 0x100000001b3L;
      h ^= (x & 0xff);
    }
    byte[] six = new byte[6];
    for (int i = 0; i < 6; i++) {
      six[i] = (byte) (h >>> (56 - 8 * i));
    }
    return Base64.getUrlEncoder().encodeToString(six);
  }
}
