package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order of merged lists: {@code $setElementOrder/<field>} lists, and otherwise the patch's order
 * for the elements it names interleaved with the original's order for the rest (Kubernetes'
 * {@code mergePatchIntoOriginal}, {@code normalizeElementOrder} and {@code mergeSortedSlice}).
 */
final class ElementOrder {
  /** Elements split by whether a list names them. */
  record Split(List<JsonNode> listed, List<JsonNode> others) {}

  private ElementOrder() {}

  /** Merges each list that has a {@code $setElementOrder/} directive and orders it; removes both from the patch. */
  static void apply(ObjectNode original, ObjectNode patch, PatchSchema schema) {
    for (String key : MapMerge.names(patch)) {
      if (!key.startsWith(MapMerge.SET_ELEMENT_ORDER)) {
        continue;
      }
      JsonNode order = patch.remove(key);
      if (!order.isArray()) {
        throw PatchErrors.badArgType(PatchErrors.LIST, order);
      }
      String name = MapMerge.fieldOf(key, MapMerge.SET_ELEMENT_ORDER, PatchErrors.BAD_SET_ELEMENT_ORDER);
      JsonNode originalList = original.get(name);
      JsonNode patchList = patch.get(name);
      for (JsonNode l : new JsonNode[] {originalList, patchList}) {
        if (l != null && !l.isArray()) {
          throw PatchErrors.badArgType(PatchErrors.LIST, l);
        }
      }
      PatchSchema.Field field = schema.field(name);
      String mergeKey = field.mergeKey();
      validate(Nodes.list(patchList), Nodes.list(order), mergeKey);
      List<JsonNode> merged;
      if (originalList == null && patchList == null) {
        continue;
      } else if (patchList == null) {
        merged = Nodes.list(originalList);
      } else if (originalList == null) {
        merged = Nodes.list(MapMerge.fresh(patchList, field));
      } else {
        merged = Nodes.list(ListMerge.mergeField(originalList, patchList, field, false));
      }
      Nodes.Kind kind = ListMerge.elementKind(Nodes.list(originalList), Nodes.list(patchList));
      Split split = partition(merged, Nodes.list(order), mergeKey, kind);
      original.set(name, Nodes.array(normalize(split.listed(), split.others(), Nodes.list(order), Nodes.list(originalList),
          mergeKey, kind)));
      patch.remove(name);
    }
  }

  /** The patch list's elements (deletions aside) must appear in the order list, in the same relative order. */
  private static void validate(List<JsonNode> patchList, List<JsonNode> order, String mergeKey) {
    if (patchList.isEmpty() || order.isEmpty()) {
      return;
    }
    List<JsonNode> kept = mergeKey.isEmpty() ? patchList : withoutDeletions(patchList, new ArrayList<>());
    int p = 0;
    for (int o = 0; p < kept.size() && o < order.size(); o++) {
      while (p < kept.size() && kept.get(p).has(MapMerge.DIRECTIVE)) {
        p++;
      }
      if (p < kept.size() && keyEquals(kept.get(p), order.get(o), mergeKey)) {
        p++;
      }
    }
    while (p < kept.size() && kept.get(p).has(MapMerge.DIRECTIVE)) {
      p++;
    }
    if (p < kept.size()) {
      throw PatchErrors.badRequest("The order in patch list:\n" + PatchErrors.goValue(Nodes.array(patchList))
          + "\n doesn't match " + MapMerge.SET_ELEMENT_ORDER + " list:\n" + PatchErrors.goValue(Nodes.array(order)) + "\n");
    }
  }

  private static boolean keyEquals(JsonNode a, JsonNode b, String mergeKey) {
    if (mergeKey.isEmpty()) {
      return Nodes.same(a, b);
    }
    for (JsonNode v : new JsonNode[] {a, b}) {
      if (!v.isObject()) {
        throw PatchErrors.badArgType(PatchErrors.MAP, v);
      }
      if (!v.has(mergeKey)) {
        throw PatchErrors.noMergeKey(v, mergeKey);
      }
    }
    return Nodes.same(a.get(mergeKey), b.get(mergeKey));
  }

  /** The elements without {@code $patch: delete}; those go to {@code deletions}. */
  private static List<JsonNode> withoutDeletions(List<JsonNode> list, List<JsonNode> deletions) {
    List<JsonNode> kept = new ArrayList<>();
    for (JsonNode v : list) {
      if (!v.isObject()) {
        throw PatchErrors.badArgType(PatchErrors.MAP, v);
      }
      JsonNode d = v.get(MapMerge.DIRECTIVE);
      (d != null && d.isTextual() && d.textValue().equals("delete") ? deletions : kept).add(v);
    }
    return kept;
  }

  /** Splits {@code merged} into the elements {@code by} names (by merge key for objects) and the others. */
  static Split partition(List<JsonNode> merged, List<JsonNode> by, String mergeKey, Nodes.Kind kind) {
    boolean byKey = kind == Nodes.Kind.MAP && !mergeKey.isEmpty();
    Split s = new Split(new ArrayList<>(), new ArrayList<>());
    for (JsonNode v : merged) {
      if (byKey && !v.isObject()) {
        throw PatchErrors.badArgType(PatchErrors.MAP, v);
      }
      if (byKey && !v.has(mergeKey)) {
        throw PatchErrors.noMergeKey(v, mergeKey);
      }
      boolean named = by.stream().anyMatch(b -> byKey ? b.isObject() && b.has(mergeKey) && Nodes.same(b.get(mergeKey), v.get(mergeKey))
          : Nodes.same(b, v));
      (named ? s.listed() : s.others()).add(v);
    }
    return s;
  }

  /**
   * Orders {@code listed} by {@code listedOrder} and {@code others} by {@code serverOrder}, then
   * interleaves them: an original-only element goes before a listed one only when the original
   * had it before that one.
   */
  static List<JsonNode> normalize(List<JsonNode> listed, List<JsonNode> others, List<JsonNode> listedOrder,
      List<JsonNode> serverOrder, String mergeKey, Nodes.Kind kind) {
    List<JsonNode> right = sortBy(listed, listedOrder, mergeKey, kind);
    List<JsonNode> left = sortBy(others, serverOrder, mergeKey, kind);
    List<JsonNode> out = new ArrayList<>(left.size() + right.size());
    int i = 0;
    int j = 0;
    while (i < left.size() || j < right.size()) {
      if (j >= right.size()) {
        out.add(left.get(i++));
      } else if (i >= left.size()) {
        out.add(right.get(j++));
      } else {
        int li = index(serverOrder, left.get(i), mergeKey, kind);
        int ri = index(serverOrder, right.get(j), mergeKey, kind);
        out.add(li >= 0 && ri >= 0 && li < ri ? left.get(i++) : right.get(j++));
      }
    }
    return out;
  }

  private static List<JsonNode> sortBy(List<JsonNode> items, List<JsonNode> order, String mergeKey, Nodes.Kind kind) {
    List<JsonNode> deletions = new ArrayList<>();
    List<JsonNode> sorted = items;
    if (kind == Nodes.Kind.MAP) {
      for (List<JsonNode> l : List.of(items, order)) {
        l.forEach(v -> keyEquals(v, v, mergeKey));
      }
      sorted = withoutDeletions(items, deletions);
    }
    sorted = new ArrayList<>(sorted);
    sorted.sort(Comparator.comparingInt(v -> {
      int at = index(order, v, mergeKey, kind);
      return at < 0 ? Integer.MAX_VALUE : at;
    }));
    sorted.addAll(deletions);
    return sorted;
  }

  private static int index(List<JsonNode> list, JsonNode value, String mergeKey, Nodes.Kind kind) {
    JsonNode key = kind == Nodes.Kind.MAP ? value.get(mergeKey) : value;
    for (int i = 0; i < list.size(); i++) {
      JsonNode e = list.get(i);
      JsonNode k = kind == Nodes.Kind.MAP ? (e.isObject() ? e.get(mergeKey) : null) : e;
      if (Nodes.same(k, key)) {
        return i;
      }
    }
    return -1;
  }
}
