package dev.customapiserver.registry;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.OwnerReference;
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
    errs.addAll(ownerReferences(m.ownerReferences));
    errs.addAll(DeletionRules.validateFinalizers(m.finalizers));
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
    if (o.deletionTimestamp != null) {
      errs.addAll(DeletionRules.validateNoNewFinalizers(n.finalizers, o.finalizers));
    }
    return errs;
  }

  /** ValidateOwnerReferences: apiVersion with a version, kind, name and uid set; one controller at most. */
  private static List<FieldError> ownerReferences(List<OwnerReference> refs) {
    List<FieldError> errs = new ArrayList<>();
    if (refs == null) {
      return errs;
    }
    String controller = null;
    for (OwnerReference r : refs) {
      String av = Objects.toString(r.apiVersion, "");
      String version = av.contains("/") ? av.substring(av.indexOf('/') + 1) : av;
      if (version.isEmpty()) {
        errs.add(FieldError.invalid("metadata.ownerReferences.apiVersion", av, "version must not be empty"));
      }
      if (r.kind == null || r.kind.isEmpty()) {
        errs.add(FieldError.invalid("metadata.ownerReferences.kind", Objects.toString(r.kind, ""), "kind must not be empty"));
      }
      if (r.name == null || r.name.isEmpty()) {
        errs.add(FieldError.invalid("metadata.ownerReferences.name", Objects.toString(r.name, ""), "name must not be empty"));
      }
      if (r.uid == null || r.uid.isEmpty()) {
        errs.add(FieldError.invalid("metadata.ownerReferences.uid", Objects.toString(r.uid, ""), "uid must not be empty"));
      }
      if (Boolean.TRUE.equals(r.controller)) {
        String current = r.kind + "/" + r.name;
        if (controller != null) {
          errs.add(FieldError.forbidden("metadata.ownerReferences", "Only one reference can have Controller set to true. Found \"true\" in references for "
              + controller + " and " + current));
        } else {
          controller = current;
        }
      }
    }
    return errs;
  }
}
