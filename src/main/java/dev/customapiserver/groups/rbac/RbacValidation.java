package dev.customapiserver.groups.rbac;

import dev.customapiserver.apis.meta.SelectorValidation;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.validation.NameRules;
import dev.customapiserver.apis.rbac.AggregationRule;
import dev.customapiserver.apis.rbac.Binding;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.Role;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.apis.rbac.Subject;
import java.util.ArrayList;
import java.util.List;

/** kube's pkg/apis/rbac/validation, worded as kube-apiserver words it. */
public final class RbacValidation {
  private static final List<String> SUBJECT_KINDS = List.of(Subject.SERVICE_ACCOUNT, Subject.USER, Subject.GROUP);

  private RbacValidation() {}

  /** Role and binding names are path segments: not {@code .} or {@code ..}, no {@code /} or {@code %}. */
  static List<String> nameProblems(String name) {
    if (name.equals(".") || name.equals("..")) {
      return List.of("may not be '" + name + "'");
    }
    List<String> errs = new ArrayList<>();
    for (String bad : List.of("/", "%")) {
      if (name.contains(bad)) {
        errs.add("may not contain '" + bad + "'");
      }
    }
    return errs;
  }

  static List<FieldError> rules(List<PolicyRule> rules, boolean namespaced) {
    List<FieldError> errs = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      String p = "rules[" + i + "]";
      PolicyRule r = rules.get(i) == null ? new PolicyRule() : rules.get(i);
      if (r.verbs().isEmpty()) {
        errs.add(FieldError.required(p + ".verbs", "verbs must contain at least one value"));
      }
      if (!r.nonResourceURLs().isEmpty()) {
        if (namespaced) {
          errs.add(FieldError.invalid(p + ".nonResourceURLs", r.nonResourceURLs(),
              "namespaced rules cannot apply to non-resource URLs"));
        }
        if (!r.apiGroups().isEmpty() || !r.resources().isEmpty()) {
          errs.add(FieldError.invalid(p + ".nonResourceURLs", r.nonResourceURLs(),
              "rules cannot apply to both regular resources and non-resource URLs"));
        }
        continue;
      }
      if (r.apiGroups().isEmpty()) {
        errs.add(FieldError.required(p + ".apiGroups", "resource rules must supply at least one api group"));
      }
      if (r.resources().isEmpty()) {
        errs.add(FieldError.required(p + ".resources", "resource rules must supply at least one resource"));
      }
    }
    return errs;
  }

  static List<FieldError> aggregation(AggregationRule rule) {
    List<FieldError> errs = new ArrayList<>();
    if (rule == null) {
      return errs;
    }
    if (rule.selectors().isEmpty()) {
      errs.add(FieldError.required("aggregationRule.clusterRoleSelectors",
          "at least one clusterRoleSelector required if aggregationRule is non-nil"));
    }
    for (int i = 0; i < rule.selectors().size(); i++) {
      errs.addAll(SelectorValidation.validate(rule.selectors().get(i), "aggregationRule.clusterRoleSelectors[" + i + "]"));
    }
    return errs;
  }

  static List<FieldError> binding(Binding b, boolean namespaced, List<String> roleKinds) {
    List<FieldError> errs = new ArrayList<>();
    RoleRef ref = b.roleRef();
    String group = ref.apiGroup == null ? "" : ref.apiGroup;
    if (!group.equals(RbacModule.GROUP)) {
      errs.add(FieldError.notSupported("roleRef.apiGroup", group, List.of(RbacModule.GROUP)));
    }
    String kind = ref.kind == null ? "" : ref.kind;
    if (!roleKinds.contains(kind)) {
      errs.add(FieldError.notSupported("roleRef.kind", kind, roleKinds));
    }
    String name = ref.name == null ? "" : ref.name;
    if (name.isEmpty()) {
      errs.add(FieldError.required("roleRef.name", ""));
    } else {
      nameProblems(name).forEach(e -> errs.add(FieldError.invalid("roleRef.name", name, e)));
    }
    for (int i = 0; i < b.subjects().size(); i++) {
      errs.addAll(subject(b.subjects().get(i) == null ? new Subject() : b.subjects().get(i), namespaced, "subjects[" + i + "]"));
    }
    return errs;
  }

  private static List<FieldError> subject(Subject s, boolean namespaced, String p) {
    List<FieldError> errs = new ArrayList<>();
    String name = s.name == null ? "" : s.name;
    String group = s.apiGroup == null ? "" : s.apiGroup;
    if (name.isEmpty()) {
      errs.add(FieldError.required(p + ".name", ""));
    }
    String kind = s.kind == null ? "" : s.kind;
    switch (kind) {
      case Subject.SERVICE_ACCOUNT -> {
        if (!name.isEmpty()) {
          NameRules.dns1123Subdomain(name).forEach(e -> errs.add(FieldError.invalid(p + ".name", name, e)));
        }
        if (!group.isEmpty()) {
          errs.add(FieldError.notSupported(p + ".apiGroup", group, List.of("")));
        }
        if (!namespaced && (s.namespace == null || s.namespace.isEmpty())) {
          errs.add(FieldError.required(p + ".namespace", ""));
        }
      }
      case Subject.USER, Subject.GROUP -> {
        if (!group.equals(RbacModule.GROUP)) {
          errs.add(FieldError.notSupported(p + ".apiGroup", group, List.of(RbacModule.GROUP)));
        }
      }
      default -> errs.add(FieldError.notSupported(p + ".kind", kind, SUBJECT_KINDS));
    }
    return errs;
  }
}
