package dev.customapiserver.auth.rbac;

import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.rbac.Binding;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.ClusterRoleBinding;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.RbacGroup;
import dev.customapiserver.apis.rbac.Role;
import dev.customapiserver.apis.rbac.RoleBinding;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.apis.rbac.Subject;
import dev.customapiserver.runtime.GroupResource;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules a user holds, as kube's DefaultRuleResolver: those of the ClusterRoles bound to the user
 * by ClusterRoleBindings, and in a namespace those of the Roles and ClusterRoles bound there by
 * RoleBindings. Reads the objects through the registry's listers (the watch cache), never storage.
 */
public final class RuleResolver {
  /** Visits rules one by one; return false to stop. */
  @FunctionalInterface
  public interface Visitor {
    boolean visit(PolicyRule rule);
  }

  /**
   * Visits rules one by one with the binding that grants them, worded as kube's describers
   * ({@code RoleBinding "name/ns" of Role "r" to User "bob"}); return false to stop.
   */
  @FunctionalInterface
  public interface SourceVisitor {
    boolean visit(String source, PolicyRule rule);
  }

  private final Lister<Role> roles;
  private final Lister<ClusterRole> clusterRoles;
  private final Lister<RoleBinding> roleBindings;
  private final Lister<ClusterRoleBinding> clusterRoleBindings;

  public RuleResolver(Listers listers) {
    this.roles = listers.forResource(new GroupResource(RbacGroup.NAME, "roles"), Role.class);
    this.clusterRoles = listers.forResource(new GroupResource(RbacGroup.NAME, "clusterroles"), ClusterRole.class);
    this.roleBindings = listers.forResource(new GroupResource(RbacGroup.NAME, "rolebindings"), RoleBinding.class);
    this.clusterRoleBindings = listers.forResource(new GroupResource(RbacGroup.NAME, "clusterrolebindings"),
        ClusterRoleBinding.class);
  }

  /**
   * Visits the rules {@code user} holds in {@code namespace} ("" or null: cluster-wide only) until
   * {@code visitor} says stop; returns the errors met on the way (a binding naming a missing role,
   * a cache not ready), worded as kube's.
   */
  public List<String> visit(UserInfo user, String namespace, Visitor visitor) {
    return visit(user, namespace, (source, rule) -> visitor.visit(rule));
  }

  /** As {@link #visit(UserInfo, String, Visitor)}, telling the visitor which binding grants each rule. */
  public List<String> visit(UserInfo user, String namespace, SourceVisitor visitor) {
    List<String> errors = new ArrayList<>();
    try {
      for (ClusterRoleBinding b : clusterRoleBindings.list(null)) {
        Subject s = subjectFor(user, b, "");
        if (s != null) {
          String source = "ClusterRoleBinding " + quoted(b.metadata().name) + " of " + b.roleRef().kind + " "
              + quoted(b.roleRef().name) + " to " + describe(s, "");
          if (!visitRole(b.roleRef(), "", rule -> visitor.visit(source, rule), errors)) {
            return errors;
          }
        }
      }
      if (namespace != null && !namespace.isEmpty()) {
        for (RoleBinding b : roleBindings.list(namespace)) {
          Subject s = subjectFor(user, b, namespace);
          if (s != null) {
            String source = "RoleBinding " + quoted(b.metadata().name + "/" + namespace) + " of " + b.roleRef().kind
                + " " + quoted(b.roleRef().name) + " to " + describe(s, namespace);
            if (!visitRole(b.roleRef(), namespace, rule -> visitor.visit(source, rule), errors)) {
              return errors;
            }
          }
        }
      }
    } catch (RuntimeException e) {
      errors.add(e.getMessage());
    }
    return errors;
  }

  /** Every rule {@code user} holds in {@code namespace}, with the errors met. */
  public Rules rulesFor(UserInfo user, String namespace) {
    List<PolicyRule> rules = new ArrayList<>();
    List<String> errors = visit(user, namespace, r -> rules.add(r));
    return new Rules(rules, errors);
  }

  /** Rules and resolution errors. */
  public record Rules(List<PolicyRule> rules, List<String> errors) {}

  /** The rules of the role {@code ref} names, seen from a binding in {@code namespace}. */
  public Rules roleRules(RoleRef ref, String namespace) {
    List<PolicyRule> rules = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    visitRole(ref, namespace, rules::add, errors);
    return new Rules(rules, errors);
  }

  private boolean visitRole(RoleRef ref, String namespace, Visitor visitor, List<String> errors) {
    List<PolicyRule> rules;
    if ("ClusterRole".equals(ref.kind)) {
      var role = clusterRoles.get(null, ref.name);
      if (role.isEmpty()) {
        errors.add("clusterrole.rbac.authorization.k8s.io \"" + ref.name + "\" not found");
        return true;
      }
      rules = role.get().rules();
    } else if ("Role".equals(ref.kind) && !namespace.isEmpty()) {
      var role = roles.get(namespace, ref.name);
      if (role.isEmpty()) {
        errors.add("role.rbac.authorization.k8s.io \"" + ref.name + "\" not found");
        return true;
      }
      rules = role.get().rules();
    } else {
      errors.add("unsupported role reference kind: \"" + ref.kind + "\"");
      return true;
    }
    for (PolicyRule r : rules) {
      if (r != null && !visitor.visit(r)) {
        return false;
      }
    }
    return true;
  }

  static boolean appliesTo(UserInfo user, Binding binding, String namespace) {
    return subjectFor(user, binding, namespace) != null;
  }

  /** The first subject of {@code binding} that {@code user} is, or null. */
  private static Subject subjectFor(UserInfo user, Binding binding, String namespace) {
    for (Subject s : binding.subjects()) {
      if (s != null && appliesTo(user, s, namespace)) {
        return s;
      }
    }
    return null;
  }

  /** kube's describeSubject: {@code User "bob"}, {@code ServiceAccount "robot/ci"}. */
  private static String describe(Subject s, String bindingNamespace) {
    if (Subject.SERVICE_ACCOUNT.equals(s.kind)) {
      String ns = s.namespace != null && !s.namespace.isEmpty() ? s.namespace : bindingNamespace;
      return s.kind + " " + quoted(s.name + "/" + ns);
    }
    return s.kind + " " + quoted(s.name);
  }

  /** Go's %q for the names RBAC allows (no control characters to escape beyond quote and backslash). */
  private static String quoted(String s) {
    return "\"" + (s == null ? "" : s.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
  }

  static boolean appliesTo(UserInfo user, Subject s, String namespace) {
    if (s.kind == null || s.name == null) {
      return false;
    }
    return switch (s.kind) {
      case Subject.USER -> user.name().equals(s.name);
      case Subject.GROUP -> user.groups().contains(s.name);
      case Subject.SERVICE_ACCOUNT -> {
        String ns = s.namespace != null && !s.namespace.isEmpty() ? s.namespace : namespace;
        yield !ns.isEmpty() && user.name().equals("system:serviceaccount:" + ns + ":" + s.name);
      }
      default -> false;
    };
  }
}
