package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** Small helpers over Jackson trees with the equality Go's {@code ==} gives unmarshalled JSON values. */
final class Nodes {
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The JSON types strategic merge tells apart ({@code reflect.TypeOf} of the unmarshalled value). */
  enum Kind { MAP, LIST, STRING, INTEGER, FLOAT, BOOL, NULL }

  private Nodes() {}

  static Kind kind(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return Kind.NULL;
    }
    return switch (v.getNodeType()) {
      case OBJECT -> Kind.MAP;
      case ARRAY -> Kind.LIST;
      case BOOLEAN -> Kind.BOOL;
      case NUMBER -> v.isIntegralNumber() ? Kind.INTEGER : Kind.FLOAT;
      default -> Kind.STRING;
    };
  }

  static boolean isNull(JsonNode v) {
    return kind(v) == Kind.NULL;
  }

  /** Equality of two values: numbers by value, absent and null alike, containers deeply. */
  static boolean same(JsonNode a, JsonNode b) {
    if (isNull(a) || isNull(b)) {
      return isNull(a) && isNull(b);
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  /** The elements of an array as a mutable list. */
  static List<JsonNode> list(JsonNode array) {
    List<JsonNode> out = new ArrayList<>();
    if (array != null) {
      array.forEach(out::add);
    }
    return out;
  }

  static ArrayNode array(List<JsonNode> items) {
    ArrayNode a = NODES.arrayNode(items.size());
    a.addAll(items);
    return a;
  }

  /** Removes null members of objects, recursively (Kubernetes' {@code discardNullValuesFromPatch}). */
  static JsonNode withoutNulls(JsonNode v) {
    if (v instanceof ObjectNode o) {
      ObjectNode c = NODES.objectNode();
      o.fields().forEachRemaining(e -> {
        if (!isNull(e.getValue())) {
          c.set(e.getKey(), withoutNulls(e.getValue()));
        }
      });
      return c;
    }
    if (v instanceof ArrayNode a) {
      ArrayNode c = NODES.arrayNode(a.size());
      a.forEach(e -> c.add(withoutNulls(e)));
      return c;
    }
    return v;
  }
}
