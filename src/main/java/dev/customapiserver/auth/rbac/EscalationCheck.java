package dev.customapiserver.auth.rbac;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.rbac.Binding;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.GoQuoted;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.RbacGroup;
import dev.customapiserver.apis.rbac.Role;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.SystemGroups;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * kube's RBAC escalation prevention, in front of the admission chain: creating or updating a Role or
 * ClusterRole that grants rules the user does not hold needs the {@code escalate} verb on it; a
 * RoleBinding or ClusterRoleBinding granting a role whose rules the user does not hold needs
 * {@code bind} on the role. system:masters may do both. The 403 is worded as kube's: {@code user "bob"
 * (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:}
 * followed by the missing rules, one a line.
 */
public final class EscalationCheck implements Admission {
  private static final List<PolicyRule> FULL_AUTHORITY = List.of(
      PolicyRule.resources(List.of("*"), List.of("*"), List.of("*")), PolicyRule.urls(List.of("*"), List.of("*")));
  private final Admission next;
  private final RuleResolver resolver;
  private final Supplier<Authorizer> authorizer;

  /** {@code authorizer} answers whether the user may {@code escalate} or {@code bind} (asked lazily: it is made after the registry). */
  public EscalationCheck(Admission next, RuleResolver resolver, Supplier<Authorizer> authorizer) {
    this.next = next;
    this.resolver = resolver;
    this.authorizer = authorizer;
  }

  @Override
  public void mutate(Attributes a) {
    if (a.resource().group().equals(RbacGroup.NAME) && a.subresource().isEmpty()
        && (a.operation() == Operation.CREATE || a.operation() == Operation.UPDATE) && a.user() != null
        && !a.user().groups().contains(SystemGroups.MASTERS)) {
      check(a);
    }
    next.mutate(a);
  }

  @Override
  public void validate(Attributes a) {
    next.validate(a);
  }

  private void check(Attributes a) {
    String ns = a.namespace() == null ? "" : a.namespace();
    String name = a.object().metadata().name == null ? a.name() : a.object().metadata().name;
    if (a.object() instanceof Role r) {
      if (a.oldObject() instanceof Role old && rulesEqual(r.rules(), old.rules())) {
        return;
      }
      if (!may(a.user(), "escalate", "roles", ns, name)) {
        confirm(a, name, r.rules(), ns);
      }
    } else if (a.object() instanceof ClusterRole r) {
      if (a.oldObject() instanceof ClusterRole old && rulesEqual(r.rules(), old.rules())
          && Objects.equals(r.aggregationRule == null, old.aggregationRule == null)) {
        return;
      }
      if (may(a.user(), "escalate", "clusterroles", "", name)) {
        return;
      }
      if (r.aggregationRule != null && !missing(a.user(), "", FULL_AUTHORITY).isEmpty()) {
        throw a.forbidden("must have cluster-admin privileges to use the aggregationRule");
      }
      confirm(a, name, r.rules(), "");
    } else if (a.object() instanceof Binding b) {
      if (a.oldObject() instanceof Binding old && b.roleRef().equals(old.roleRef())
          && subjectsKey(b).equals(subjectsKey(old))) {
        return;
      }
      RoleRef ref = b.roleRef();
      String roleResource = "ClusterRole".equals(ref.kind) ? "clusterroles" : "roles";
      if (may(a.user(), "bind", roleResource, "ClusterRole".equals(ref.kind) ? "" : ns, ref.name)
          || "ClusterRole".equals(ref.kind) && !ns.isEmpty() && may(a.user(), "bind", roleResource, ns, ref.name)) {
        return;
      }
      RuleResolver.Rules rules = resolver.roleRules(ref, ns);
      if (!rules.errors().isEmpty()) {
        throw a.forbidden(rules.errors().get(0));
      }
      confirm(a, name, rules.rules(), ns);
    }
  }

  private boolean may(UserInfo user, String verb, String resource, String ns, String name) {
    var attrs = new AuthorizationAttributes(user, verb, true, RbacGroup.NAME, "v1", resource, "", ns, name, "");
    return authorizer.get().authorize(attrs).allowed();
  }

  private void confirm(Attributes a, String name, List<PolicyRule> rules, String ns) {
    RuleResolver.Rules held = resolver.rulesFor(a.user(), ns);
    List<PolicyRule> missing = Coverage.missing(held.rules(), rules);
    if (missing.isEmpty()) {
      return;
    }
    TreeSet<String> lines = new TreeSet<>();
    missing.forEach(r -> lines.add(r.compactString()));
    String msg = "user " + GoQuoted.string(a.user().name()) + " (groups=" + GoQuoted.list(a.user().groups())
        + ") is attempting to grant RBAC permissions not currently held:\n" + String.join("\n", lines);
    if (!held.errors().isEmpty()) {
      msg += "; resolution errors: [" + String.join(" ", held.errors()) + "]";
    }
    throw forbidden(a, name, msg);
  }

  private static ApiException forbidden(Attributes a, String name, String msg) {
    return Errors.forbidden(a.resource().qualified(), name, msg);
  }

  private List<PolicyRule> missing(UserInfo user, String ns, List<PolicyRule> wanted) {
    return Coverage.missing(resolver.rulesFor(user, ns).rules(), wanted);
  }

  private static boolean rulesEqual(List<PolicyRule> a, List<PolicyRule> b) {
    return a.stream().map(PolicyRule::compactString).toList().equals(b.stream().map(PolicyRule::compactString).toList());
  }

  private static List<String> subjectsKey(Binding b) {
    return b.subjects().stream().map(s -> s == null ? "" : s.kind + "/" + s.namespace + "/" + s.name).toList();
  }
}
