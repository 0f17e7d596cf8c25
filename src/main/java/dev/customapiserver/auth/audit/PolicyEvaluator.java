package dev.customapiserver.auth.audit;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.RequestInfo;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * kube's audit policy checker: the first rule matching the (authenticated) user and the request
 * decides the level and, with the policy's, the stages to omit; no rule matching means {@link
 * Level#NONE}. Rules with resources or namespaces match resource requests only, rules with
 * nonResourceURLs non-resource requests only.
 */
public final class PolicyEvaluator {
  private final AuditPolicy policy;

  public PolicyEvaluator(AuditPolicy policy) {
    this.policy = policy;
  }

  /** What to record for one request. */
  public record Decision(Level level, Set<Stage> omitStages) {
    public static final Decision NONE = new Decision(Level.NONE, Set.of());

    public boolean records(Stage stage) {
      return level != Level.NONE && !omitStages.contains(stage);
    }
  }

  public Decision evaluate(UserInfo user, RequestInfo request) {
    for (AuditPolicy.Rule rule : policy.rules()) {
      if (matches(rule, user, request)) {
        Set<Stage> omit = EnumSet.noneOf(Stage.class);
        omit.addAll(policy.omitStages());
        omit.addAll(rule.omitStages());
        return new Decision(rule.level(), Set.copyOf(omit));
      }
    }
    return Decision.NONE;
  }

  static boolean matches(AuditPolicy.Rule rule, UserInfo user, RequestInfo request) {
    if (rule.users() != null && (user == null || !rule.users().contains(user.name()))) {
      return false;
    }
    if (rule.userGroups() != null && (user == null || user.groups().stream().noneMatch(rule.userGroups()::contains))) {
      return false;
    }
    if (rule.verbs() != null && !rule.verbs().contains(request.verb())) {
      return false;
    }
    if (rule.namespaces() != null || rule.resources() != null) {
      return request.resourceRequest() && namespaceMatches(rule.namespaces(), request)
          && resourceMatches(rule.resources(), request);
    }
    if (rule.nonResourceURLs() != null) {
      return !request.resourceRequest() && urlMatches(rule.nonResourceURLs(), request.path());
    }
    return true;
  }

  private static boolean namespaceMatches(List<String> namespaces, RequestInfo request) {
    return namespaces == null || namespaces.contains(request.namespace());
  }

  private static boolean resourceMatches(List<AuditPolicy.GroupResources> groups, RequestInfo request) {
    if (groups == null) {
      return true;
    }
    String combined = request.resourceAndSubresource();
    for (AuditPolicy.GroupResources g : groups) {
      if (!g.group().equals(request.apiGroup()) && !g.group().equals("*")) {
        continue;
      }
      boolean resource = g.resources().isEmpty();
      for (String r : g.resources()) {
        if (r.equals("*") || r.equals(combined)
            || r.equals(request.resource() + "/*") && !request.subresource().isEmpty()
            || r.startsWith("*/") && r.substring(2).equals(request.subresource())) {
          resource = true;
          break;
        }
      }
      if (resource && (g.resourceNames().isEmpty() || g.resourceNames().contains(request.name()))) {
        return true;
      }
    }
    return false;
  }

  private static boolean urlMatches(List<String> urls, String path) {
    for (String u : urls) {
      if (u.equals("*") || u.equals(path) || u.endsWith("*") && path.startsWith(u.substring(0, u.length() - 1))) {
        return true;
      }
    }
    return false;
  }
}
