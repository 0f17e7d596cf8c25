package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * kube's pruning of custom resources: fields the schema does not specify are removed, except below
 * {@code x-kubernetes-preserve-unknown-fields} and, at the root and in embedded resources, {@code apiVersion},
 * {@code kind} and {@code metadata}. Then {@code null}s of fields that are neither nullable nor defaulted go.
 */
final class Pruner {
  private static final Set<String> META_FIELDS = Set.of("apiVersion", "kind", "metadata");

  private Pruner() {}

  static void pruneRoot(ObjectNode object, StructuralSchema s, List<String> pruned) {
    int from = pruned.size();
    if (s.preserveUnknownFields) {
      skipPrune(object, s, true, "", pruned);
    } else {
      pruneObject(object, s, true, "", pruned);
    }
    Collections.sort(pruned.subList(from, pruned.size()));
  }

  /** kube's {@code pruning.Prune(x, s, isResourceRoot)}: prunes any value in place (a resource root keeps its metadata fields). */
  static void prune(JsonNode x, StructuralSchema s, boolean resourceRoot) {
    if (resourceRoot && x instanceof ObjectNode o) {
      pruneRoot(o, s, new ArrayList<>());
    } else {
      prune(x, s, "", new ArrayList<>());
    }
  }

  private static void prune(JsonNode x, StructuralSchema s, String path, List<String> pruned) {
    if (s != null && s.preserveUnknownFields) {
      skipPrune(x, s, s.embeddedResource, path, pruned);
      return;
    }
    if (x instanceof ObjectNode o) {
      if (s == null) {
        for (String k : new ArrayList<>(iterable(o))) {
          o.remove(k);
          pruned.add(Paths.child(path, k));
        }
        return;
      }
      pruneObject(o, s, s.embeddedResource, path, pruned);
    } else if (x instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        prune(a.get(i), s == null ? null : s.items, Paths.index(path, i), pruned);
      }
    }
  }

  private static void pruneObject(ObjectNode o, StructuralSchema s, boolean embedded, String path, List<String> pruned) {
    for (String k : new ArrayList<>(iterable(o))) {
      if (embedded && META_FIELDS.contains(k)) {
        continue;
      }
      StructuralSchema p = s.properties.get(k);
      if (p != null) {
        prune(o.get(k), p, Paths.child(path, k), pruned);
      } else if (s.additionalProperties != null || s.additionalPropertiesAllowed) {
        prune(o.get(k), s.additionalProperties, Paths.child(path, k), pruned);
      } else {
        o.remove(k);
        pruned.add(Paths.child(path, k));
      }
    }
  }

  private static void skipPrune(JsonNode x, StructuralSchema s, boolean embedded, String path, List<String> pruned) {
    if (s == null) {
      return;
    }
    if (x instanceof ObjectNode o) {
      for (String k : new ArrayList<>(iterable(o))) {
        if (embedded && META_FIELDS.contains(k)) {
          continue;
        }
        StructuralSchema p = s.properties.get(k);
        if (p != null) {
          prune(o.get(k), p, Paths.child(path, k), pruned);
        } else if (s.additionalProperties != null) {
          prune(o.get(k), s.additionalProperties, Paths.child(path, k), pruned);
        }
      }
    } else if (x instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        skipPrune(a.get(i), s.items, s.items != null && s.items.embeddedResource, Paths.index(path, i), pruned);
      }
    }
  }

  /** kube's {@code PruneNonNullableNullsWithoutDefaults}. */
  static void pruneNonNullableNulls(JsonNode x, StructuralSchema s) {
    if (x instanceof ObjectNode o) {
      for (String k : new ArrayList<>(iterable(o))) {
        StructuralSchema f = s == null ? null : s.property(k);
        JsonNode v = o.get(k);
        if (v.isNull() && f != null && !f.nullable && f.defaultValue == null) {
          o.remove(k);
        } else {
          pruneNonNullableNulls(v, f);
        }
      }
    } else if (x instanceof ArrayNode a) {
      for (JsonNode e : a) {
        pruneNonNullableNulls(e, s == null ? null : s.items);
      }
    }
  }

  private static List<String> iterable(ObjectNode o) {
    List<String> keys = new ArrayList<>();
    o.fieldNames().forEachRemaining(keys::add);
    return keys;
  }
}
