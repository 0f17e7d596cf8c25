package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** FieldsV1 path tokens and their printed form ({@code .spec.toppings[name="salami"].quantity}). */
final class FieldsV1Paths {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FieldsV1Paths() {}

  static String field(String name) {
    return "f:" + name;
  }

  static String value(JsonNode v) {
    return "v:" + canonical(v);
  }

  /** The key token of a map-list item: its key fields, sorted, as compact JSON. */
  static String key(JsonNode item, List<String> keys) {
    ObjectNode k = JSON.createObjectNode();
    for (String name : new TreeSet<>(keys)) {
      JsonNode v = item.get(name);
      if (v != null && !v.isNull()) {
        k.set(name, v);
      }
    }
    return "k:" + canonical(k);
  }

  /** Compact JSON with object fields sorted, so equal values give equal tokens. */
  static String canonical(JsonNode v) {
    try {
      return JSON.writeValueAsString(sorted(v));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode sorted(JsonNode v) {
    if (v.isObject()) {
      TreeMap<String, JsonNode> m = new TreeMap<>();
      v.fields().forEachRemaining(e -> m.put(e.getKey(), sorted(e.getValue())));
      ObjectNode o = JSON.createObjectNode();
      m.forEach(o::set);
      return o;
    }
    if (v.isArray()) {
      var a = JSON.createArrayNode();
      v.forEach(x -> a.add(sorted(x)));
      return a;
    }
    return v;
  }

  /** The path as kube prints it in conflicts: {@code .spec.x}, {@code [name="salami"]}, {@code [="v"]}, {@code [0]}. */
  static String print(List<String> path) {
    StringBuilder b = new StringBuilder();
    for (String t : path) {
      String rest = t.substring(2);
      switch (t.charAt(0)) {
        case 'f' -> b.append('.').append(rest);
        case 'v' -> b.append("[=").append(rest).append(']');
        case 'i' -> b.append('[').append(rest).append(']');
        default -> {
          b.append('[');
          try {
            JsonNode keys = JSON.readTree(rest);
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = keys.fields(); it.hasNext(); first = false) {
              Map.Entry<String, JsonNode> e = it.next();
              b.append(first ? "" : ",").append(e.getKey()).append('=').append(e.getValue().toString());
            }
          } catch (JsonProcessingException e) {
            b.append(rest);
          }
          b.append(']');
        }
      }
    }
    return b.toString();
  }
}
