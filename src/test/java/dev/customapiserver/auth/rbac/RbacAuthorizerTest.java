package dev.customapiserver.auth.rbac;

import static dev.customapiserver.auth.rbac.Policies.group;
import static dev.customapiserver.auth.rbac.Policies.rule;
import static dev.customapiserver.auth.rbac.Policies.serviceAccount;
import static dev.customapiserver.auth.rbac.Policies.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The RBAC authorizer")
class RbacAuthorizerTest {
  static final UserInfo BOB = UserInfo.of("bob", "dev", "system:authenticated");
  static final UserInfo ROBOT = UserInfo.of("system:serviceaccount:ci:robot", "system:serviceaccounts");

  static AuthorizationAttributes list(UserInfo u, String ns) {
    return new AuthorizationAttributes(u, "list", true, "hello.zeng.dev", "v2", "foos", "", ns, "", "");
  }

  @Test
  @DisplayName("a Role bound in a namespace allows there only; a ClusterRole bound by a RoleBinding likewise")
  void namespaced() {
    Policies p = new Policies()
        .role("team-a", "foo-reader", rule("hello.zeng.dev", "foos", "get", "list"))
        .roleBinding("team-a", "bob-reads", "Role", "foo-reader", user("bob"))
        .clusterRole("foo-lister", rule("hello.zeng.dev", "foos", "list"))
        .roleBinding("team-b", "devs-list", "ClusterRole", "foo-lister", group("dev"));
    Authorizer rbac = new RbacAuthorizer(new RuleResolver(p));
    assertThat(rbac.authorize(list(BOB, "team-a")).allowed()).isTrue();
    assertThat(rbac.authorize(list(BOB, "team-b")).allowed()).isTrue();
    assertThat(rbac.authorize(list(BOB, "team-c")).verdict()).isEqualTo(Authorizer.Verdict.NO_OPINION);
    assertThat(rbac.authorize(list(BOB, "")).allowed()).as("across namespaces").isFalse();
    assertThat(rbac.authorize(list(UserInfo.of("alice"), "team-a")).allowed()).isFalse();
  }

  @Test
  @DisplayName("a ClusterRoleBinding allows everywhere; ServiceAccount subjects match system:serviceaccount:<ns>:<name>")
  void clusterWideAndServiceAccounts() {
    Policies p = new Policies()
        .clusterRole("foo-lister", rule("hello.zeng.dev", "foos", "list"))
        .clusterRoleBinding("robots", "foo-lister", serviceAccount("ci", "robot"))
        .roleBinding("ci", "local-robot", "ClusterRole", "foo-lister", serviceAccount(null, "robot"));
    Authorizer rbac = new RbacAuthorizer(new RuleResolver(p));
    assertThat(rbac.authorize(list(ROBOT, "anywhere")).allowed()).isTrue();
    assertThat(rbac.authorize(list(ROBOT, "")).allowed()).isTrue();
    assertThat(rbac.authorize(list(UserInfo.of("system:serviceaccount:other:robot"), "ci")).allowed()).isFalse();
  }

  @Test
  @DisplayName("a binding to a missing role gives kube's reason: RBAC: clusterrole.rbac.authorization.k8s.io \"x\" not found")
  void missingRole() {
    Policies p = new Policies().clusterRoleBinding("dangling", "gone", user("bob"));
    Authorizer.Decision d = new RbacAuthorizer(new RuleResolver(p)).authorize(list(BOB, "default"));
    assertThat(d.allowed()).isFalse();
    assertThat(d.reason()).isEqualTo("RBAC: clusterrole.rbac.authorization.k8s.io \"gone\" not found");
  }

  @Test
  @DisplayName("an allow names the binding, role and subject as kube's describers: RBAC: allowed by RoleBinding \"b/ns\" of Role \"r\" to User \"bob\"")
  void allowReason() {
    Policies p = new Policies()
        .role("team-a", "foo-reader", rule("hello.zeng.dev", "foos", "get", "list"))
        .roleBinding("team-a", "bob-reads", "Role", "foo-reader", user("alice"), user("bob"))
        .clusterRole("foo-lister", rule("hello.zeng.dev", "foos", "list"))
        .clusterRoleBinding("robots", "foo-lister", serviceAccount("ci", "robot"))
        .roleBinding("ci", "local-robot", "ClusterRole", "foo-lister", serviceAccount(null, "robot"))
        .roleBinding("team-b", "devs-list", "ClusterRole", "foo-lister", group("dev"));
    RbacAuthorizer rbac = new RbacAuthorizer(new RuleResolver(p));
    assertThat(rbac.authorize(list(BOB, "team-a")).reason())
        .isEqualTo("RBAC: allowed by RoleBinding \"bob-reads/team-a\" of Role \"foo-reader\" to User \"bob\"");
    assertThat(rbac.authorize(list(BOB, "team-b")).reason())
        .isEqualTo("RBAC: allowed by RoleBinding \"devs-list/team-b\" of ClusterRole \"foo-lister\" to Group \"dev\"");
    assertThat(rbac.authorize(list(ROBOT, "x")).reason())
        .isEqualTo("RBAC: allowed by ClusterRoleBinding \"robots\" of ClusterRole \"foo-lister\" to ServiceAccount \"robot/ci\"");
    Policies local = new Policies()
        .clusterRole("foo-lister", rule("hello.zeng.dev", "foos", "list"))
        .roleBinding("ci", "local-robot", "ClusterRole", "foo-lister", serviceAccount(null, "robot"));
    assertThat(new RbacAuthorizer(new RuleResolver(local)).authorize(list(ROBOT, "ci")).reason())
        .isEqualTo("RBAC: allowed by RoleBinding \"local-robot/ci\" of ClusterRole \"foo-lister\" to ServiceAccount \"robot/ci\"");
  }
}
