package dev.customapiserver.registry;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.validation.NameRules;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** Validation of ObjectMeta on create and update, as kube-apiserver's ValidateObjectMeta. */
final class MetadataRules {
  private static final long MAX_ANNOTATIONS_BYTES = 256 * 1024;

  private MetadataRules() {}

  /** {@code nameRule} is the kind's name rule (see ResourceStrategy#nameProblems). */
  static List<FieldError> validate(ObjectMeta m, boolean namespaced, Function<String, List<String>> nameRule) {
    List<FieldError> errs = new ArrayList<>();
    if (m.name == null || m.name.isEmpty()) {
      errs.add(FieldError.required("metadata.name", "name or generateName is required"));
    } else {
      for (String e : nameRule.apply(m.name)) {
        errs.add(FieldError.invalid("metadata.name", m.name, e));
      }
    }
    if (namespaced && (m.namespace == null || m.namespace.isEmpty())) {
      errs.add(FieldError.required("metadata.namespace", ""));
    }
    if (!namespaced && m.namespace != null && !m.namespace.isEmpty()) {
      errs.add(FieldError.forbidden("metadata.namespace", "not allowed on this type"));
    }
    for (Map.Entry<String, String> l : m.labelsOrEmpty().entrySet()) {
      NameRules.qualifiedName(l.getKey()).forEach(e -> errs.add(FieldError.invalid("metadata.labels", l.getKey(), e)));
      NameRules.labelValue(Objects.toString(l.getValue(), ""))
          .forEach(e -> errs.add(FieldError.invalid("metadata.labels", l.getValue(), e)));
    }
    long annotationBytes = 0;
    for (Map.Entry<String, String> a : m.annotationsOrEmpty().entrySet()) {
      NameRules.qualifiedName(a.getKey()).forEach(e -> errs.add(FieldError.invalid("metadata.annotations", a.getKey(), e)));
      annotationBytes += a.getKey().length() + Objects.toString(a.getValue(), "").getBytes(StandardCharsets.UTF_8).length;
    }
    if (annotationBytes > MAX_ANNOTATIONS_BYTES) {
      errs.add(FieldError.tooLong("metadata.annotations", (int) MAX_ANNOTATIONS_BYTES));
    }
    return errs;
  }

  /** Update rules on top of {@link #validate}: immutable fields. */
  static List<FieldError> validateUpdate(ObjectMeta n, ObjectMeta o) {
    List<FieldError> errs = new ArrayList<>();
    if (!Objects.equals(n.uid, o.uid)) {
      errs.add(FieldError.invalid("metadata.uid", n.uid, "field is immutable"));
    }
    if (!Objects.equals(n.creationTimestamp, o.creationTimestamp)) {
      errs.add(FieldError.invalid("metadata.creationTimestamp", String.valueOf(n.creationTimestamp), "field is immutable"));
    }
    return errs;
  }
}
