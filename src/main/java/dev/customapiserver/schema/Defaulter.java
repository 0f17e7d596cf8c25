package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * kube's structural defaulting: a missing field (or a {@code null} in a field that is not nullable) gets
 * a copy of its schema's default; then every field, map value and list element is defaulted inside, the
 * new defaults included.
 */
final class Defaulter {
  private Defaulter() {}

  static void apply(JsonNode x, StructuralSchema s) {
    if (s == null) {
      return;
    }
    if (x instanceof ObjectNode o) {
      for (Map.Entry<String, StructuralSchema> p : s.properties.entrySet()) {
        StructuralSchema prop = p.getValue();
        if (prop.defaultValue == null) {
          continue;
        }
        JsonNode current = o.get(p.getKey());
        if (current == null || (current.isNull() && !prop.nullable)) {
          o.set(p.getKey(), prop.defaultValue.deepCopy());
        }
      }
      List<String> keys = new ArrayList<>();
      o.fieldNames().forEachRemaining(keys::add);
      for (String k : keys) {
        StructuralSchema prop = s.properties.get(k);
        if (prop != null) {
          apply(o.get(k), prop);
        } else if (s.additionalProperties != null) {
          StructuralSchema ap = s.additionalProperties;
          if (o.get(k).isNull() && !ap.nullable && ap.defaultValue != null) {
            o.set(k, ap.defaultValue.deepCopy());
          }
          apply(o.get(k), ap);
        }
      }
    } else if (x instanceof ArrayNode a) {
      StructuralSchema items = s.items;
      if (items == null) {
        return;
      }
      for (int i = 0; i < a.size(); i++) {
        if (a.get(i).isNull() && !items.nullable && items.defaultValue != null) {
          a.set(i, items.defaultValue.deepCopy());
        }
        apply(a.get(i), items);
      }
    }
  }
}
