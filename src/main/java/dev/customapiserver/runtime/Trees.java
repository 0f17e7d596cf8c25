package dev.customapiserver.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/** Checks on parsed JSON trees, without recursion (trees may be deep). */
final class Trees {
  private Trees() {}

  /** Refuses numbers JSON cannot carry to a Go server: infinities and NaN (e.g. {@code 1e400}). */
  static void requireFinite(JsonNode root) {
    Deque<Map.Entry<String, JsonNode>> todo = new ArrayDeque<>();
    todo.push(Map.entry("", root));
    while (!todo.isEmpty()) {
      Map.Entry<String, JsonNode> e = todo.pop();
      JsonNode n = e.getValue();
      if (n.isFloatingPointNumber() && !Double.isFinite(n.doubleValue())) {
        throw JsonSyntax.nonFinite(e.getKey());
      }
      if (n.isObject()) {
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> f = it.next();
          todo.push(Map.entry(e.getKey().isEmpty() ? f.getKey() : e.getKey() + "." + f.getKey(), f.getValue()));
        }
      } else if (n.isArray()) {
        for (int i = 0; i < n.size(); i++) {
          todo.push(Map.entry(e.getKey() + "[" + i + "]", n.get(i)));
        }
      }
    }
  }

  /** Go's word for the JSON type of a value: object, array, string, number, bool. */
  static String goKind(JsonNode v) {
    return switch (v.getNodeType()) {
      case OBJECT, POJO -> "object";
      case ARRAY -> "array";
      case STRING, BINARY -> "string";
      case BOOLEAN -> "bool";
      case NUMBER -> "number";
      default -> "value";
    };
  }
}
