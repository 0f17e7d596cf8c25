package dev.customapiserver.schema;

import static dev.customapiserver.schema.Paths.child;
import static dev.customapiserver.schema.Paths.key;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** kube's check of a CRD schema's defaults: each must validate against its own schema and be pruned already. */
final class DefaultChecks {
  private DefaultChecks() {}

  static List<FieldError> check(StructuralSchema root, String path) {
    List<FieldError> errors = new ArrayList<>();
    walk(root, path, true, errors);
    return errors;
  }

  private static void walk(StructuralSchema s, String path, boolean isRoot, List<FieldError> errors) {
    if (s.defaultValue != null) {
      String at = child(path, "default");
      List<FieldError> found = new ArrayList<>();
      new ValueValidator(found).validate(s, s.defaultValue, "");
      for (FieldError e : found) {
        String f = e.field().isEmpty() ? at : e.field().equals("<nil>") ? e.field()
            : e.field().startsWith("[") ? at + e.field() : at + "." + e.field();
        errors.add(new FieldError(e.type(), f, e.value(), e.detail()));
      }
      if (found.isEmpty() && s.defaultValue.isObject()) {
        ObjectNode copy = s.defaultValue.deepCopy();
        List<String> pruned = new ArrayList<>();
        Pruner.pruneRoot(copy, s, pruned);
        if (!pruned.isEmpty()) {
          errors.add(FieldError.invalid(at, new FieldError.Raw(s.defaultValue.toString()), "must not have unknown fields"));
        }
      }
    }
    for (Map.Entry<String, StructuralSchema> p : s.properties.entrySet()) {
      if (isRoot && p.getKey().equals("metadata")) {
        continue;
      }
      walk(p.getValue(), key(child(path, "properties"), p.getKey()), false, errors);
    }
    if (s.items != null) {
      walk(s.items, child(path, "items"), false, errors);
    }
    if (s.additionalProperties != null) {
      walk(s.additionalProperties, child(path, "additionalProperties"), false, errors);
    }
  }

}
