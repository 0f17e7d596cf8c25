package dev.customapiserver.auth.rbac;

import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.auth.AuthorizationAttributes;

/** Whether one rule allows a request, as kube's rbac.RuleAllows. */
public final class RuleMatching {
  private RuleMatching() {}

  public static boolean allows(PolicyRule rule, AuthorizationAttributes a) {
    if (!verbMatches(rule, a.verb())) {
      return false;
    }
    if (!a.resourceRequest()) {
      return rule.nonResourceURLs().stream().anyMatch(u -> urlMatches(u, a.path()));
    }
    String combined = a.subresource().isEmpty() ? a.resource() : a.resource() + "/" + a.subresource();
    return groupMatches(rule, a.apiGroup()) && resourceMatches(rule, combined, a.subresource())
        && nameMatches(rule, a.name());
  }

  static boolean verbMatches(PolicyRule rule, String verb) {
    return rule.verbs().contains("*") || rule.verbs().contains(verb);
  }

  static boolean groupMatches(PolicyRule rule, String group) {
    return rule.apiGroups().contains("*") || rule.apiGroups().contains(group);
  }

  static boolean resourceMatches(PolicyRule rule, String combined, String subresource) {
    for (String r : rule.resources()) {
      if (r.equals("*") || r.equals(combined)) {
        return true;
      }
      if (!subresource.isEmpty() && r.length() == subresource.length() + 2 && r.startsWith("*/") && r.endsWith(subresource)) {
        return true;
      }
    }
    return false;
  }

  static boolean nameMatches(PolicyRule rule, String name) {
    return rule.resourceNames().isEmpty() || rule.resourceNames().contains(name);
  }

  /** {@code *} matches every path; {@code /p*} every path starting {@code /p}; otherwise exact. */
  static boolean urlMatches(String rule, String path) {
    if (rule.equals("*") || rule.equals(path)) {
      return true;
    }
    return rule.endsWith("*") && path.startsWith(rule.substring(0, rule.length() - 1));
  }
}
