package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What kube-openapi's builders do to a path item once its operations are built: a parameter every
 * operation of the path takes (same name and place) moves up to the path item's {@code parameters},
 * and both lists are sorted by name, then place. An operation left without parameters has no
 * {@code parameters} key.
 */
final class PathItems {
  private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch");
  private static final Comparator<JsonNode> BY_NAME_IN = Comparator.<JsonNode, String>comparing(p -> p.path("name").asText())
      .thenComparing(p -> p.path("in").asText());

  private PathItems() {}

  /** Hoists the common parameters of {@code item}'s operations and sorts every parameter list, in place. */
  static void shareParameters(ObjectNode item) {
    List<ObjectNode> ops = new ArrayList<>();
    for (String method : METHODS) {
      if (item.get(method) instanceof ObjectNode op) {
        ops.add(op);
      }
    }
    if (ops.isEmpty()) {
      return;
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, JsonNode> last = new LinkedHashMap<>();
    for (ObjectNode op : ops) {
      for (JsonNode p : op.path("parameters")) {
        counts.merge(key(p), 1, Integer::sum);
        last.put(key(p), p);
      }
    }
    List<JsonNode> common = new ArrayList<>();
    counts.forEach((k, n) -> {
      if (n == ops.size()) {
        common.add(last.get(k));
      }
    });
    for (ObjectNode op : ops) {
      List<JsonNode> own = new ArrayList<>();
      for (JsonNode p : op.path("parameters")) {
        if (counts.get(key(p)) != ops.size()) {
          own.add(p);
        }
      }
      op.remove("parameters");
      if (!own.isEmpty()) {
        op.set("parameters", sorted(own));
      }
    }
    if (!common.isEmpty()) {
      item.set("parameters", sorted(common));
    }
  }

  private static String key(JsonNode p) {
    return p.path("name").asText() + "\u0000" + p.path("in").asText();
  }

  private static ArrayNode sorted(List<JsonNode> params) {
    ArrayNode a = JsonNodeFactory.instance.arrayNode();
    params.stream().sorted(BY_NAME_IN).forEach(a::add);
    return a;
  }
}
