package dev.customapiserver.admission.webhook;

import dev.customapiserver.admission.Operation;
import dev.customapiserver.apis.admissionregistration.RuleWithOperations;
import java.util.List;

/** Whether a rule matches a request's operation, group, version, resource, subresource and scope (kube's rules.Matcher). */
final class Rules {
  private Rules() {}

  /**
   * @param clusterScoped whether the request is for a cluster-scoped object (a Namespace counts as one)
   */
  static boolean matches(RuleWithOperations r, Operation op, String group, String version, String resource,
      String subresource, boolean clusterScoped) {
    return anyOrContains(r.operations, op.name())
        && anyOrContains(r.apiGroups, group)
        && anyOrContains(r.apiVersions, version)
        && resource(r.resources, resource, subresource)
        && scope(r.scope, clusterScoped);
  }

  private static boolean anyOrContains(List<String> values, String value) {
    return values != null && (values.contains("*") || values.contains(value));
  }

  private static boolean resource(List<String> resources, String resource, String sub) {
    if (resources == null) {
      return false;
    }
    String full = sub.isEmpty() ? resource : resource + "/" + sub;
    for (String r : resources) {
      if (r == null) {
        continue;
      }
      int slash = r.indexOf('/');
      if (slash < 0) {
        if (sub.isEmpty() && (r.equals("*") || r.equals(resource))) {
          return true;
        }
        continue;
      }
      String res = r.substring(0, slash);
      String s = r.substring(slash + 1);
      if (r.equals("*/*") || r.equals(full)
          || (!sub.isEmpty() && res.equals(resource) && s.equals("*"))
          || (!sub.isEmpty() && res.equals("*") && s.equals(sub))) {
        return true;
      }
    }
    return false;
  }

  private static boolean scope(String scope, boolean clusterScoped) {
    if (scope == null || scope.equals("*")) {
      return true;
    }
    return scope.equals("Cluster") == clusterScoped;
  }
}
