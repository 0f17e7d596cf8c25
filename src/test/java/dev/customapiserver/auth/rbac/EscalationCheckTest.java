package dev.customapiserver.auth.rbac;

import static dev.customapiserver.auth.rbac.Policies.rule;
import static dev.customapiserver.auth.rbac.Policies.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.Role;
import dev.customapiserver.apis.rbac.RoleBinding;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.GroupVersionKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("RBAC escalation prevention")
class EscalationCheckTest {
  static final UserInfo BOB = UserInfo.of("bob", "system:authenticated");
  static final UserInfo ADMIN = UserInfo.of("admin", "system:masters");

  /** bob may manage roles and bindings in team-a and reads foos there. */
  final Policies policies = new Policies()
      .role("team-a", "manager", PolicyRule.resources(List.of("rbac.authorization.k8s.io"), List.of("roles", "rolebindings"),
          List.of("create", "update", "get", "list")), rule("hello.zeng.dev", "foos", "get", "list"))
      .roleBinding("team-a", "bob-manages", "Role", "manager", user("bob"))
      .clusterRole("foo-admin", rule("hello.zeng.dev", "foos", "*"))
      .clusterRole("foo-binder", rule("rbac.authorization.k8s.io", "clusterroles", "bind"));
  final RuleResolver resolver = new RuleResolver(policies);
  final Authorizer authorizer = new RbacAuthorizer(resolver);
  final Admission check = new EscalationCheck(Admission.NONE, resolver, () -> authorizer);

  static Role role(String name, PolicyRule... rules) {
    Role r = new Role();
    r.metadata = new ObjectMeta();
    r.metadata.name = name;
    r.metadata.namespace = "team-a";
    r.rules = new ArrayList<>(List.of(rules));
    return r;
  }

  static Attributes create(String resource, String kind, KubeObject obj, UserInfo user) {
    return new Attributes(Operation.CREATE, new GroupVersionKind("rbac.authorization.k8s.io", "v1", kind),
        new GroupResource("rbac.authorization.k8s.io", resource), "", "team-a", obj.metadata.name, obj, null, user, false, null);
  }

  @Test
  @DisplayName("a Role within what the user holds is fine; one granting more is 403 listing the missing rules as kube")
  void roles() {
    assertThatCode(() -> check.mutate(create("roles", "Role", role("reader", rule("hello.zeng.dev", "foos", "get")), BOB)))
        .doesNotThrowAnyException();
    ApiException e = catchThrowableOfType(ApiException.class, () -> check.mutate(create("roles", "Role",
        role("writer", PolicyRule.resources(List.of("hello.zeng.dev"), List.of("foos"), List.of("get", "delete"))), BOB)));
    assertThat(e.code()).isEqualTo(403);
    assertThat(e.status().message).isEqualTo("roles.rbac.authorization.k8s.io \"writer\" is forbidden: user \"bob\" "
        + "(groups=[\"system:authenticated\"]) is attempting to grant RBAC permissions not currently held:\n"
        + "{APIGroups:[\"hello.zeng.dev\"], Resources:[\"foos\"], Verbs:[\"delete\"]}");
    assertThatCode(() -> check.mutate(create("roles", "Role", role("writer", rule("hello.zeng.dev", "foos", "delete")), ADMIN)))
        .as("system:masters").doesNotThrowAnyException();
  }

  @Test
  @DisplayName("a binding to a role with more than the user holds is 403, unless the user may bind that role")
  void bindings() {
    RoleBinding b = new RoleBinding();
    b.metadata = new ObjectMeta();
    b.metadata.name = "alice-admin";
    b.metadata.namespace = "team-a";
    b.roleRef = RoleRef.of("ClusterRole", "foo-admin");
    b.subjects = new ArrayList<>(List.of(user("alice")));
    ApiException e = catchThrowableOfType(ApiException.class, () -> check.mutate(create("rolebindings", "RoleBinding", b, BOB)));
    assertThat(e.code()).isEqualTo(403);
    assertThat(e.status().message).startsWith("rolebindings.rbac.authorization.k8s.io \"alice-admin\" is forbidden: user \"bob\"")
        .contains("{APIGroups:[\"hello.zeng.dev\"], Resources:[\"foos\"], Verbs:[\"*\"]}");
    policies.roleBinding("team-a", "bob-binds", "ClusterRole", "foo-binder", user("bob"));
    assertThatCode(() -> check.mutate(create("rolebindings", "RoleBinding", b, BOB))).as("with bind").doesNotThrowAnyException();
  }
}
