package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What changed between two versions of an object, as field sets (structured-merge-diff's
 * {@code Compare}): leaves added, removed or modified; a struct, map or list item appearing or
 * disappearing counts as added or removed itself, with everything below it.
 */
record Comparison(FieldSet added, FieldSet modified, FieldSet removed) {
  /**
   * Leaves compare by value, numbers by their numeric value: {@code 1} decoded from a request body and
   * {@code 1} read back from storage may be different node types (int, long, decimal), and an
   * applier sending the value another manager set must co-own the field, not conflict with it.
   */
  private static final Comparator<JsonNode> SAME_VALUE = (x, y) -> x.isNumber() && y.isNumber()
      ? x.decimalValue().compareTo(y.decimalValue())
      : x.equals(y) ? 0 : 1;

  static Comparison of(JsonNode older, JsonNode newer, Schema schema) {
    Comparison c = new Comparison(new FieldSet(), new FieldSet(), new FieldSet());
    c.walk(older, newer, schema, new ArrayList<>());
    return c;
  }

  /** Only the changes to paths {@code tracked} accepts (kube's ignored fields excluded). */
  Comparison only(Predicate<List<String>> tracked) {
    return new Comparison(added.filter(tracked), modified.filter(tracked), removed.filter(tracked));
  }

  boolean isSame() {
    return added.isEmpty() && modified.isEmpty() && removed.isEmpty();
  }

  FieldSet changed() {
    return added.union(modified);
  }

  private void walk(JsonNode a, JsonNode b, Schema s, List<String> path) {
    boolean hasA = present(a);
    boolean hasB = present(b);
    if (!hasA && !hasB) {
      return;
    }
    if (isLeaf(a, b, s)) {
      if (!hasA) {
        added.insert(path);
      } else if (!hasB) {
        removed.insert(path);
      } else if (!a.equals(SAME_VALUE, b)) {
        modified.insert(path);
      }
      return;
    }
    if (!path.isEmpty() && (!hasA || !hasB)) {
      (hasA ? removed : added).insert(path);
    }
    if (s.isList()) {
      Map<String, JsonNode> ia = items(a, s);
      Map<String, JsonNode> ib = items(b, s);
      LinkedHashMap<String, Boolean> keys = new LinkedHashMap<>();
      ia.keySet().forEach(k -> keys.put(k, true));
      ib.keySet().forEach(k -> keys.put(k, true));
      for (String k : keys.keySet()) {
        path.add(k);
        if (s.isSetList()) {
          if (!ia.containsKey(k)) {
            added.insert(path);
          } else if (!ib.containsKey(k)) {
            removed.insert(path);
          }
        } else {
          walkItem(ia.get(k), ib.get(k), s.elementOrUntyped(), path);
        }
        path.remove(path.size() - 1);
      }
      return;
    }
    LinkedHashMap<String, Boolean> names = new LinkedHashMap<>();
    if (hasA) {
      a.fieldNames().forEachRemaining(n -> names.put(n, true));
    }
    if (hasB) {
      b.fieldNames().forEachRemaining(n -> names.put(n, true));
    }
    for (String n : names.keySet()) {
      path.add(FieldsV1Paths.field(n));
      walk(hasA ? a.get(n) : null, hasB ? b.get(n) : null, s.child(n), path);
      path.remove(path.size() - 1);
    }
  }

  /** A map-list item: present on one side only, it is added or removed together with its fields. */
  private void walkItem(JsonNode a, JsonNode b, Schema element, List<String> path) {
    if (a == null || b == null) {
      (a == null ? added : removed).insert(path);
    }
    if (element.isObject() && (a == null || a.isObject()) && (b == null || b.isObject())) {
      walkFields(a, b, element, path);
    } else if (a != null && b != null && !a.equals(SAME_VALUE, b)) {
      modified.insert(path);
    }
  }

  private void walkFields(JsonNode a, JsonNode b, Schema s, List<String> path) {
    LinkedHashMap<String, Boolean> names = new LinkedHashMap<>();
    if (a != null) {
      a.fieldNames().forEachRemaining(n -> names.put(n, true));
    }
    if (b != null) {
      b.fieldNames().forEachRemaining(n -> names.put(n, true));
    }
    for (String n : names.keySet()) {
      path.add(FieldsV1Paths.field(n));
      walk(a == null ? null : a.get(n), b == null ? null : b.get(n), s.child(n), path);
      path.remove(path.size() - 1);
    }
  }

  static boolean present(JsonNode n) {
    return n != null && !n.isMissingNode();
  }

  /** Scalars, nulls, atomic lists, untyped lists, type mismatches and containers empty on both sides are leaves. */
  static boolean isLeaf(JsonNode a, JsonNode b, Schema s) {
    boolean emptyA = !present(a) || a.isEmpty() && a.isContainerNode();
    boolean emptyB = !present(b) || b.isEmpty() && b.isContainerNode();
    if (emptyA && emptyB) {
      return true;
    }
    if (s.isList()) {
      return !(s.isSetList() || s.isMapList()) || !allArrays(a, b) || s.isMapList() && !allItemsObjects(a, b);
    }
    if (s.kind() == Schema.Kind.SCALAR) {
      return true;
    }
    return !(objectOrAbsent(a) && objectOrAbsent(b));
  }

  private static boolean allArrays(JsonNode a, JsonNode b) {
    return (!present(a) || a.isArray()) && (!present(b) || b.isArray());
  }

  private static boolean allItemsObjects(JsonNode a, JsonNode b) {
    for (JsonNode l : new JsonNode[] {a, b}) {
      if (present(l)) {
        for (JsonNode i : l) {
          if (!i.isObject()) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static boolean objectOrAbsent(JsonNode n) {
    return !present(n) || n.isObject();
  }

  /** The items of a set or map list by their token, in list order. */
  static Map<String, JsonNode> items(JsonNode list, Schema s) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    if (present(list)) {
      for (JsonNode i : list) {
        out.put(s.isSetList() ? FieldsV1Paths.value(i) : FieldsV1Paths.key(i, s.mapKeys()), i);
      }
    }
    return out;
  }
}
