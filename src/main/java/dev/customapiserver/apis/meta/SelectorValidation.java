package dev.customapiserver.apis.meta;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.validation.NameRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** metav1 LabelSelector validation, worded as kube-apiserver's. */
public final class SelectorValidation {
  private SelectorValidation() {}

  public static List<FieldError> validate(LabelSelector s, String path) {
    List<FieldError> errs = new ArrayList<>();
    if (s == null) {
      return errs;
    }
    List<LabelSelector.Requirement> exprs = s.matchExpressions == null ? List.of() : s.matchExpressions;
    for (int i = 0; i < exprs.size(); i++) {
      LabelSelector.Requirement r = exprs.get(i);
      String p = path + ".matchExpressions[" + i + "]";
      if (r == null) {
        errs.add(FieldError.required(p, ""));
        continue;
      }
      List<String> values = r.values == null ? List.of() : r.values;
      String op = r.operator == null ? "" : r.operator;
      switch (op) {
        case "In", "NotIn" -> {
          if (values.isEmpty()) {
            errs.add(FieldError.required(p + ".values", "must be specified when `operator` is 'In' or 'NotIn'"));
          }
        }
        case "Exists", "DoesNotExist" -> {
          if (!values.isEmpty()) {
            errs.add(FieldError.forbidden(p + ".values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
          }
        }
        default -> errs.add(FieldError.invalid(p + ".operator", op, "not a valid selector operator"));
      }
      String key = r.key == null ? "" : r.key;
      NameRules.qualifiedName(key).forEach(e -> errs.add(FieldError.invalid(p + ".key", key, e)));
      for (int j = 0; j < values.size(); j++) {
        String v = values.get(j) == null ? "" : values.get(j);
        String vp = p + ".values[" + j + "]";
        NameRules.labelValue(v).forEach(e -> errs.add(FieldError.invalid(vp, v, e)));
      }
    }
    Map<String, String> labels = s.matchLabels == null ? Map.of() : s.matchLabels;
    labels.forEach((k, v) -> {
      NameRules.qualifiedName(k).forEach(e -> errs.add(FieldError.invalid(path + ".matchLabels", k, e)));
      String value = v == null ? "" : v;
      NameRules.labelValue(value).forEach(e -> errs.add(FieldError.invalid(path + ".matchLabels", value, e)));
    });
    return errs;
  }
}
