package dev.customapiserver.groups.admissionregistration;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.admissionregistration.RuleWithOperations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Validation of {@code rules[]}: operations, groups, versions, resources (with {@code *} forms) and scope. */
public final class RuleValidation {
  static final List<String> OPERATIONS = List.of("*", "CONNECT", "CREATE", "DELETE", "UPDATE");
  static final List<String> SCOPES = List.of("*", "Cluster", "Namespaced");

  private RuleValidation() {}

  static List<FieldError> validate(RuleWithOperations r, String path) {
    List<FieldError> errs = new ArrayList<>();
    List<String> ops = orEmpty(r.operations);
    if (ops.isEmpty()) {
      errs.add(FieldError.required(path + ".operations", ""));
    }
    if (ops.size() > 1 && ops.contains("*")) {
      errs.add(FieldError.invalid(path + ".operations", goList(ops), "if '*' is present, must not specify other operations"));
    }
    for (int i = 0; i < ops.size(); i++) {
      if (!OPERATIONS.contains(ops.get(i))) {
        errs.add(FieldError.notSupported(path + ".operations[" + i + "]", ops.get(i), OPERATIONS));
      }
    }
    List<String> groups = orEmpty(r.apiGroups);
    if (groups.isEmpty()) {
      errs.add(FieldError.required(path + ".apiGroups", ""));
    }
    if (groups.size() > 1 && groups.contains("*")) {
      errs.add(FieldError.invalid(path + ".apiGroups", goList(groups), "if '*' is present, must not specify other API groups"));
    }
    List<String> versions = orEmpty(r.apiVersions);
    if (versions.isEmpty()) {
      errs.add(FieldError.required(path + ".apiVersions", ""));
    }
    if (versions.size() > 1 && versions.contains("*")) {
      errs.add(FieldError.invalid(path + ".apiVersions", goList(versions), "if '*' is present, must not specify other API versions"));
    }
    for (int i = 0; i < versions.size(); i++) {
      if (versions.get(i) == null || versions.get(i).isEmpty()) {
        errs.add(FieldError.required(path + ".apiVersions[" + i + "]", ""));
      }
    }
    errs.addAll(resources(orEmpty(r.resources), path + ".resources"));
    if (r.scope != null && !SCOPES.contains(r.scope)) {
      errs.add(FieldError.notSupported(path + ".scope", r.scope, SCOPES));
    }
    return errs;
  }

  private static List<FieldError> resources(List<String> resources, String path) {
    List<FieldError> errs = new ArrayList<>();
    if (resources.isEmpty()) {
      errs.add(FieldError.required(path, ""));
    }
    Set<String> wildcardSub = new HashSet<>();
    Set<String> wildcardRes = new HashSet<>();
    boolean doubleWildcard = false;
    boolean singleWildcard = false;
    boolean withoutSub = false;
    for (int i = 0; i < resources.size(); i++) {
      String rs = resources.get(i) == null ? "" : resources.get(i);
      if (rs.isEmpty()) {
        errs.add(FieldError.required(path + "[" + i + "]", ""));
        continue;
      }
      doubleWildcard |= rs.equals("*/*");
      singleWildcard |= rs.equals("*");
      int slash = rs.indexOf('/');
      if (slash < 0) {
        withoutSub = !rs.equals("*");
        continue;
      }
      String res = rs.substring(0, slash);
      String sub = rs.substring(slash + 1);
      if (wildcardSub.contains(res)) {
        errs.add(FieldError.invalid(path + "[" + i + "]", rs, "if '" + res + "/*' is present, must not specify " + rs));
      }
      if (wildcardRes.contains(sub)) {
        errs.add(FieldError.invalid(path + "[" + i + "]", rs, "if '*/" + sub + "' is present, must not specify " + rs));
      }
      if (sub.equals("*")) {
        wildcardSub.add(res);
      }
      if (res.equals("*")) {
        wildcardRes.add(sub);
      }
    }
    if (resources.size() > 1 && doubleWildcard) {
      errs.add(FieldError.invalid(path, goList(resources), "if '*/*' is present, must not specify other resources"));
    }
    if (singleWildcard && withoutSub) {
      errs.add(FieldError.invalid(path, goList(resources), "if '*' is present, must not specify other resources without subresources"));
    }
    return errs;
  }

  static List<String> orEmpty(List<String> l) {
    return l == null ? List.of() : l;
  }

  /** A string list as kube-apiserver prints it in a field error: {@code []string{"a", "b"}}. */
  static FieldError.Raw goList(List<String> l) {
    return new FieldError.Raw(l.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", ", "[]string{", "}")));
  }
}
