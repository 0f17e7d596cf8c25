package dev.customapiserver.auth.rbac;

import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import java.util.List;

/**
 * kube's RBAC authorizer: allows when a rule the user holds (cluster-wide, or in the request's
 * namespace) allows the request, naming the binding as reason ({@code RBAC: allowed by RoleBinding
 * "bob-reads/team-a" of Role "foo-reader" to User "bob"}); otherwise has no opinion, with the resolution errors as reason
 * ({@code RBAC: clusterrole.rbac.authorization.k8s.io "x" not found}).
 */
public final class RbacAuthorizer implements Authorizer {
  private final RuleResolver resolver;

  public RbacAuthorizer(RuleResolver resolver) {
    this.resolver = resolver;
  }

  @Override
  public Decision authorize(AuthorizationAttributes a) {
    if (a.user() == null) {
      return Decision.noOpinion();
    }
    String[] allowedBy = {null};
    List<String> errors = resolver.visit(a.user(), a.resourceRequest() ? a.namespace() : "", (source, rule) -> {
      if (RuleMatching.allows(rule, a)) {
        allowedBy[0] = source;
        return false;
      }
      return true;
    });
    if (allowedBy[0] != null) {
      return new Decision(Verdict.ALLOW, "RBAC: allowed by " + allowedBy[0]);
    }
    if (errors.isEmpty()) {
      return Decision.noOpinion();
    }
    String reason = "RBAC: " + (errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]");
    return new Decision(Verdict.NO_OPINION, reason);
  }
}
