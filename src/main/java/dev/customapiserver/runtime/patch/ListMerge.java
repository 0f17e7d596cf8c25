package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges a patch list into a list (Kubernetes' {@code mergeSlice}). Lists whose field has the
 * {@code merge} strategy merge: scalars as a set, objects by their merge key, honouring
 * {@code $patch: delete|replace} elements; other lists are replaced. The result keeps the patch's
 * order for the elements it names and the original's for the rest.
 */
final class ListMerge {
  private ListMerge() {}

  /** Merges or replaces the list value of {@code field}; {@code deleteList} for a {@code $deleteFromPrimitiveList/}. */
  static JsonNode mergeField(JsonNode original, JsonNode patch, PatchSchema.Field field, boolean deleteList) {
    if (field.merges() || deleteList) {
      return Nodes.array(merge(Nodes.list(original), Nodes.list(patch), field.schema(), field.mergeKey(), deleteList));
    }
    return Nodes.withoutNulls(patch);
  }

  private static List<JsonNode> merge(List<JsonNode> original, List<JsonNode> patch, PatchSchema elements, String mergeKey,
      boolean deleteList) {
    if (original.isEmpty() && patch.isEmpty()) {
      return original;
    }
    Nodes.Kind kind = elementKind(original, patch);
    if (deleteList) {
      original.removeIf(o -> patch.stream().anyMatch(p -> Nodes.same(o, p)));
      return original;
    }
    if (kind == Nodes.Kind.MAP) {
      return mergeObjects(original, patch, elements, mergeKey);
    }
    List<JsonNode> merged = new ArrayList<>();
    for (JsonNode v : concat(original, patch)) {
      if (merged.stream().noneMatch(m -> Nodes.same(m, v))) {
        merged.add(v);
      }
    }
    ElementOrder.Split split = ElementOrder.partition(merged, patch, mergeKey, kind);
    return ElementOrder.normalize(split.listed(), split.others(), patch, original, mergeKey, kind);
  }

  private static List<JsonNode> mergeObjects(List<JsonNode> original, List<JsonNode> patch, PatchSchema elements,
      String mergeKey) {
    if (mergeKey.isEmpty()) {
      throw PatchErrors.badRequest("cannot merge lists without merge key for " + elements.name());
    }
    List<JsonNode> plain = new ArrayList<>();
    if (applySpecialElements(original, patch, mergeKey, plain)) {
      original = new ArrayList<>();
      for (JsonNode e : plain) {
        original.add(MapMerge.merge(null, (ObjectNode) e, elements));
      }
      plain = new ArrayList<>();
    }
    List<JsonNode> merged = mergeByKey(original, plain, mergeKey, elements);
    ElementOrder.Split split = ElementOrder.partition(merged, plain, mergeKey, Nodes.Kind.MAP);
    return ElementOrder.normalize(split.listed(), split.others(), plain, original, mergeKey, Nodes.Kind.MAP);
  }

  /**
   * Carries out the {@code $patch} elements of {@code patch}: {@code delete} removes the original's
   * elements with that key (from {@code original} in place). The other elements go to {@code plain}.
   *
   * @return whether a {@code $patch: replace} element asks for {@code plain} to replace the list
   */
  private static boolean applySpecialElements(List<JsonNode> original, List<JsonNode> patch, String mergeKey,
      List<JsonNode> plain) {
    boolean replace = false;
    for (JsonNode v : patch) {
      JsonNode d = v.get(MapMerge.DIRECTIVE);
      if (d == null) {
        plain.add(v);
      } else if (d.isTextual() && d.textValue().equals("delete")) {
        JsonNode key = v.get(mergeKey);
        if (key == null) {
          throw PatchErrors.noMergeKey(v, mergeKey);
        }
        original.removeIf(o -> o.has(mergeKey) && Nodes.same(o.get(mergeKey), key));
      } else if (d.isTextual() && d.textValue().equals("replace")) {
        replace = true;
      } else if (d.isTextual() && d.textValue().equals("merge")) {
        throw PatchErrors.badRequest("merging lists cannot yet be specified in the patch");
      } else {
        throw PatchErrors.badPatchType(d, v);
      }
    }
    return replace;
  }

  /** Merges each patch element into the original element with the same key, or appends it. */
  private static List<JsonNode> mergeByKey(List<JsonNode> original, List<JsonNode> patch, String mergeKey,
      PatchSchema elements) {
    List<JsonNode> out = new ArrayList<>(original);
    for (JsonNode v : patch) {
      JsonNode key = v.get(mergeKey);
      if (key == null) {
        throw PatchErrors.noMergeKey(v, mergeKey);
      }
      int at = find(out, mergeKey, key);
      if (at >= 0) {
        out.set(at, MapMerge.merge((ObjectNode) out.get(at), (ObjectNode) v, elements));
      } else {
        out.add(MapMerge.merge(null, (ObjectNode) v, elements));
      }
    }
    return out;
  }

  /** The index of the element whose {@code mergeKey} equals {@code key}, or -1. */
  static int find(List<JsonNode> list, String mergeKey, JsonNode key) {
    for (int i = 0; i < list.size(); i++) {
      JsonNode e = list.get(i);
      if (!e.isObject()) {
        throw PatchErrors.badRequest("value for key " + i + " is not a map.");
      }
      if (e.has(mergeKey) && Nodes.same(e.get(mergeKey), key)) {
        return i;
      }
    }
    return -1;
  }

  /** The one JSON type of the elements of the lists; lists of lists and mixed lists are errors. */
  static Nodes.Kind elementKind(List<JsonNode> a, List<JsonNode> b) {
    Nodes.Kind kind = null;
    for (JsonNode v : concat(a, b)) {
      Nodes.Kind k = Nodes.kind(v);
      if (k == Nodes.Kind.LIST) {
        throw PatchErrors.listOfLists();
      }
      if (kind != null && k != kind) {
        throw PatchErrors.elementTypesDiffer(List.of(Nodes.array(a), Nodes.array(b)));
      }
      kind = k;
    }
    return kind == null ? Nodes.Kind.STRING : kind;
  }

  private static List<JsonNode> concat(List<JsonNode> a, List<JsonNode> b) {
    List<JsonNode> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
