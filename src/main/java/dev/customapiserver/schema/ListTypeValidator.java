package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The invariant of {@code x-kubernetes-list-type: set} and {@code map} lists, as kube's
 * {@code apiextensions-apiserver/pkg/apiserver/schema/listtype/validation.go} checks it: the second
 * appearance of an item (a set) or of a key (a map) is a {@code Duplicate value} error at its index,
 * with the item or, for a map, an object of only its key fields ({@code {"name":"http"}}; {@code {}}
 * when the key is missing); a later appearance of the same value is not reported again. A map's items
 * must be objects (or null): the first other item is {@code must be an object for an array of
 * list-type map}. Fields are visited in the object's order (kube's map iteration has none).
 */
final class ListTypeValidator {
  private final List<FieldError> errors;

  ListTypeValidator(List<FieldError> errors) {
    this.errors = errors;
  }

  void validate(StructuralSchema s, JsonNode value, String path) {
    if (s == null || value == null) {
      return;
    }
    if (value.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (s.additionalProperties() != null) {
          validate(s.additionalProperties(), e.getValue(), Paths.key(path, e.getKey()));
        }
        StructuralSchema property = s.properties().get(e.getKey());
        if (property != null) {
          validate(property, e.getValue(), Paths.child(path, e.getKey()));
        }
      }
    } else if (value.isArray()) {
      if ("set".equals(s.listType())) {
        for (int i : nonUnique(value)) {
          errors.add(FieldError.duplicate(Paths.index(path, i), badValue(value.get(i))));
        }
      } else if ("map".equals(s.listType())) {
        validateMap(s.listMapKeys(), value, path);
      }
      if (s.items() != null) {
        for (int i = 0; i < value.size(); i++) {
          validate(s.items(), value.get(i), Paths.index(path, i));
        }
      }
    }
  }

  private void validateMap(List<String> keyFields, JsonNode list, String path) {
    for (int i = 0; i < list.size(); i++) {
      JsonNode x = list.get(i);
      if (!x.isNull() && !x.isObject()) {
        errors.add(FieldError.invalid(Paths.index(path, i), badValue(x),
            "must be an object for an array of list-type map"));
        return;
      }
    }
    List<JsonNode> keys = new ArrayList<>();
    for (JsonNode x : list) {
      ObjectNode key = JsonNodeFactory.instance.objectNode();
      for (String field : keyFields) {
        if (x.isObject() && x.has(field)) {
          key.set(field, x.get(field));
        }
      }
      keys.add(key);
    }
    for (int i : nonUnique(keys)) {
      errors.add(FieldError.duplicate(Paths.index(path, i), new FieldError.Raw(GoJson.marshal(keys.get(i)))));
    }
  }

  private static Object badValue(JsonNode v) {
    return GoErrorValues.unstructured(v);
  }

  private static List<Integer> nonUnique(JsonNode list) {
    List<JsonNode> items = new ArrayList<>();
    list.forEach(items::add);
    return nonUnique(items);
  }

  /** The index of each value's second appearance (kube's validateListSet). */
  private static List<Integer> nonUnique(List<JsonNode> items) {
    Map<String, Integer> seen = new HashMap<>();
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      int times = seen.merge(identity(items.get(i)), 1, Integer::sum);
      if (times == 2) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * What makes two items equal for kube: compounds by their JSON (so 1 and 1.0 inside match), scalars by
   * Go type and value (int64 1, float64 1 and the string "1" differ).
   */
  private static String identity(JsonNode v) {
    if (v.isObject() || v.isArray()) {
      return "c" + GoJson.marshal(v);
    }
    if (v.isNull()) {
      return "n";
    }
    if (v.isTextual()) {
      return "s" + v.asText();
    }
    if (v.isBoolean()) {
      return "b" + v.asBoolean();
    }
    if (v.isIntegralNumber() && v.canConvertToLong()) {
      return "i" + v.asLong();
    }
    return "f" + v.decimalValue().stripTrailingZeros().toPlainString();
  }
}
