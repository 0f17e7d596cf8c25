package dev.customapiserver.runtime.patch;

import static dev.customapiserver.runtime.patch.Nodes.NODES;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Merges a patch object into an object (Kubernetes' {@code mergeMap}): {@code $patch} on the object,
 * {@code $retainKeys}, then {@code $setElementOrder/} lists, then each member: null deletes, new
 * members are taken (without their nulls and directives), objects merge recursively, lists merge or
 * are replaced as their field says, scalars are replaced.
 */
final class MapMerge {
  static final String DIRECTIVE = "$patch";
  static final String RETAIN_KEYS = "$retainKeys";
  static final String DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList";
  static final String SET_ELEMENT_ORDER = "$setElementOrder";

  private MapMerge() {}

  /**
   * Merges {@code patch} into {@code original}; both are owned by the caller and may be changed.
   *
   * @param original the current object, or null when absent
   * @return the merged object
   */
  static ObjectNode merge(ObjectNode original, ObjectNode patch, PatchSchema schema) {
    if (patch.has(DIRECTIVE)) {
      return directive(patch, schema);
    }
    ObjectNode result = original == null ? NODES.objectNode() : original;
    retainKeys(result, patch);
    ElementOrder.apply(result, patch, schema);
    for (String k : names(patch)) {
      JsonNode value = patch.get(k);
      String key = k;
      boolean deleteList = k.startsWith(DELETE_FROM_PRIMITIVE_LIST);
      if (deleteList) {
        key = fieldOf(k, DELETE_FROM_PRIMITIVE_LIST, PatchErrors.BAD_PRIMITIVE_LIST);
      }
      if (Nodes.isNull(value)) {
        result.remove(key);
        continue;
      }
      JsonNode current = result.get(key);
      PatchSchema.Field field = schema.field(key);
      if (current == null || Nodes.kind(current) != Nodes.kind(value)) {
        if (!deleteList) {
          result.set(key, fresh(value, field));
        }
      } else if (value.isObject()) {
        ObjectNode base = field.replaces() ? null : (ObjectNode) current;
        result.set(key, merge(base, (ObjectNode) value, field.schema()));
      } else if (value.isArray()) {
        result.set(key, ListMerge.mergeField(current, value, field, deleteList));
      } else {
        result.set(key, value);
      }
    }
    return result;
  }

  /**
   * A patch value for a member the original lacks: the value itself, without nulls and with its
   * directives carried out (Kubernetes drops the nulls but would keep the directives).
   */
  static JsonNode fresh(JsonNode value, PatchSchema.Field field) {
    if (value instanceof ObjectNode o) {
      return merge(null, o, field.schema());
    }
    if (value.isArray()) {
      return ListMerge.mergeField(NODES.arrayNode(), value, field, false);
    }
    return value;
  }

  /** {@code $patch} on an object: {@code replace} takes the rest of the patch, {@code delete} empties it. */
  private static ObjectNode directive(ObjectNode patch, PatchSchema schema) {
    JsonNode d = patch.get(DIRECTIVE);
    if (d.isTextual() && d.textValue().equals("replace")) {
      patch.remove(DIRECTIVE);
      return merge(null, patch, schema);
    }
    if (d.isTextual() && d.textValue().equals("delete")) {
      return NODES.objectNode();
    }
    throw PatchErrors.badPatchType(d, patch);
  }

  /** {@code $retainKeys}: members of the original not listed are cleared; the patch may only set listed ones. */
  private static void retainKeys(ObjectNode original, ObjectNode patch) {
    JsonNode keys = patch.remove(RETAIN_KEYS);
    if (keys == null) {
      return;
    }
    if (!keys.isArray()) {
      throw PatchErrors.badRequest(PatchErrors.BAD_RETAIN_KEYS);
    }
    Set<String> retained = new HashSet<>();
    keys.forEach(k -> retained.add(k.isTextual() ? k.textValue() : PatchErrors.goValue(k)));
    for (String k : names(patch)) {
      boolean exempt = Nodes.isNull(patch.get(k)) || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER);
      if (!exempt && !retained.contains(k)) {
        throw PatchErrors.badRequest(PatchErrors.BAD_RETAIN_KEYS);
      }
    }
    for (String k : names(original)) {
      if (!retained.contains(k)) {
        original.remove(k);
      }
    }
  }

  /** The field a {@code prefix/field} directive key names; {@code error} when the key has another shape. */
  static String fieldOf(String key, String prefix, String error) {
    int slash = key.indexOf('/');
    if (slash < 0 || !key.substring(0, slash).equals(prefix)) {
      throw PatchErrors.badRequest(error);
    }
    return key.substring(slash + 1);
  }

  static List<String> names(JsonNode object) {
    List<String> out = new ArrayList<>();
    object.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
