package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Schema-aware operations on JSON trees: the field set of a value, merge of an applied configuration, removal of fields. */
final class SchemaTrees {
  private SchemaTrees() {}

  /** The fields a configuration sets: its leaves and its list items (with their fields). */
  static FieldSet fieldSet(JsonNode value, Schema s) {
    FieldSet out = new FieldSet();
    collect(value, s, new ArrayList<>(), out);
    return out;
  }

  private static void collect(JsonNode v, Schema s, List<String> path, FieldSet out) {
    if (!Comparison.present(v)) {
      return;
    }
    if (Comparison.isLeaf(v, null, s)) {
      out.insert(path);
      return;
    }
    if (s.isList()) {
      for (Map.Entry<String, JsonNode> e : Comparison.items(v, s).entrySet()) {
        path.add(e.getKey());
        out.insert(path);
        if (s.isMapList()) {
          collectFields(e.getValue(), s.elementOrUntyped(), path, out);
        }
        path.remove(path.size() - 1);
      }
      return;
    }
    collectFields(v, s, path, out);
  }

  private static void collectFields(JsonNode v, Schema s, List<String> path, FieldSet out) {
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      path.add(FieldsV1Paths.field(e.getKey()));
      collect(e.getValue(), s.child(e.getKey()), path, out);
      path.remove(path.size() - 1);
    }
  }

  /** The live object with the applied configuration merged in (lists by their list type); copies, never changes its arguments. */
  static JsonNode merge(JsonNode live, JsonNode config, Schema s) {
    if (!Comparison.present(config)) {
      return live == null ? null : live.deepCopy();
    }
    if (!Comparison.present(live) || Comparison.isLeaf(live, config, s)) {
      return config.deepCopy();
    }
    if (s.isList()) {
      Map<String, JsonNode> fromLive = Comparison.items(live, s);
      Map<String, JsonNode> fromConfig = Comparison.items(config, s);
      ArrayNode out = ((ArrayNode) live).arrayNode();
      fromLive.forEach((k, v) -> out.add(fromConfig.containsKey(k) ? merge(v, fromConfig.get(k), s.elementOrUntyped()) : v.deepCopy()));
      fromConfig.forEach((k, v) -> {
        if (!fromLive.containsKey(k)) {
          out.add(v.deepCopy());
        }
      });
      return out;
    }
    ObjectNode out = ((ObjectNode) live).deepCopy();
    for (Iterator<Map.Entry<String, JsonNode>> it = config.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.set(e.getKey(), merge(live.get(e.getKey()), e.getValue(), s.child(e.getKey())));
    }
    return out;
  }

  /** The part of {@code tree} that {@code set} names (list items keep their key fields); null when none. */
  static JsonNode extract(JsonNode tree, FieldSet set, Schema s) {
    if (!Comparison.present(tree) || set == null || set.isEmpty()) {
      return null;
    }
    if (set.isMember() && !set.hasChildren() || Comparison.isLeaf(tree, null, s)) {
      return tree.deepCopy();
    }
    if (tree.isArray()) {
      ArrayNode out = ((ArrayNode) tree).arrayNode();
      for (int i = 0; i < tree.size(); i++) {
        JsonNode item = tree.get(i);
        JsonNode part = extract(item, set.child(tokenOf(item, s, i)), s.elementOrUntyped());
        if (part instanceof ObjectNode o && s.isMapList()) {
          s.mapKeys().forEach(k -> o.set(k, item.get(k)));
        }
        if (part != null) {
          out.add(part);
        }
      }
      return out;
    }
    ObjectNode out = ((ObjectNode) tree).objectNode();
    tree.fields().forEachRemaining(e -> {
      JsonNode part = extract(e.getValue(), set.child(FieldsV1Paths.field(e.getKey())), s.child(e.getKey()));
      if (part != null) {
        out.set(e.getKey(), part);
      }
    });
    return out;
  }

  /** Removes the field or list item at {@code path} from {@code tree}, if there. */
  static void remove(JsonNode tree, List<String> path, Schema s) {
    JsonNode parent = tree;
    Schema ps = s;
    for (int i = 0; i < path.size() - 1 && parent != null; i++) {
      String t = path.get(i);
      JsonNode next = step(parent, t, ps);
      ps = t.startsWith("f:") ? ps.child(t.substring(2)) : ps.elementOrUntyped();
      parent = next;
    }
    if (parent == null) {
      return;
    }
    String last = path.get(path.size() - 1);
    if (last.startsWith("f:") && parent.isObject()) {
      ((ObjectNode) parent).remove(last.substring(2));
    } else if (parent.isArray()) {
      ArrayNode a = (ArrayNode) parent;
      for (int i = a.size() - 1; i >= 0; i--) {
        if (tokenOf(a.get(i), ps, i).equals(last)) {
          a.remove(i);
        }
      }
    }
  }

  private static JsonNode step(JsonNode n, String token, Schema s) {
    if (token.startsWith("f:")) {
      return n.isObject() ? n.get(token.substring(2)) : null;
    }
    if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        if (tokenOf(n.get(i), s, i).equals(token)) {
          return n.get(i);
        }
      }
    }
    return null;
  }

  private static String tokenOf(JsonNode item, Schema list, int index) {
    if (list.isSetList()) {
      return FieldsV1Paths.value(item);
    }
    if (list.isMapList() && item.isObject()) {
      return FieldsV1Paths.key(item, list.mapKeys());
    }
    return "i:" + index;
  }
}
