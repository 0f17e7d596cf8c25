package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Users and permissions as a platform team meets them with kubectl, against {@code java -jar}: RBAC
 * (the default mode) with users from {@code --token-auth-file}, kube's 403 wording, {@code auth
 * can-i}, escalation prevention; and seed 000's local mode ({@code --authorization-mode=AlwaysAllow}).
 */
@DisplayName("kubectl: users, roles and permissions (RBAC)")
class KubectlRbacIT {
  static final String FOO = "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: %s}\nspec: {image: busybox, config: {msg: hi}}\n";
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    Path tokens = Files.writeString(tmp.resolve("tokens.csv"), "bob-token,bob,u-bob\ncarol-token,carol,u-carol,\"auditors\"\n");
    server = ServerProcess.start(tmp.resolve("data"), "--token-auth-file", tokens.toString());
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
    ok(kubectl.run("create", "namespace", "team-a"));
    ok(kubectl.runWithInput(FOO.formatted("hello"), "apply", "-n", "default", "-f", "-"));
    ok(kubectl.runWithInput(FOO.formatted("mine"), "apply", "-n", "team-a", "-f", "-"));
    ok(kubectl.run("create", "role", "foo-reader", "-n", "team-a", "--verb=get,list,watch", "--resource=foos.hello.zeng.dev"));
    ok(kubectl.run("create", "rolebinding", "bob-reads-foos", "-n", "team-a", "--role=foo-reader", "--user=bob"));
    ok(kubectl.run("create", "clusterrolebinding", "auditors-view", "--clusterrole=view", "--group=auditors"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static Kubectl.Result as(String token, String... args) throws Exception {
    String[] all = new String[args.length + 1];
    all[0] = "--token=" + token;
    System.arraycopy(args, 0, all, 1, args.length);
    return kubectl.run(all);
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  static Kubectl.Result fails(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isNotZero();
    return r;
  }

  @Test
  @DisplayName("a Role in one namespace: can-i yes there, no elsewhere and for other verbs; --list shows its rules")
  void canI() throws Exception {
    assertThat(ok(as("bob-token", "auth", "can-i", "list", "foos", "-n", "team-a")).out().strip()).isEqualTo("yes");
    assertThat(ok(as("bob-token", "auth", "can-i", "get", "foos.hello.zeng.dev/mine", "-n", "team-a")).out().strip())
        .isEqualTo("yes");
    assertThat(fails(as("bob-token", "auth", "can-i", "delete", "foos", "-n", "team-a")).out().strip()).isEqualTo("no");
    assertThat(fails(as("bob-token", "auth", "can-i", "list", "foos", "-n", "default")).out().strip()).isEqualTo("no");
    assertThat(fails(as("bob-token", "auth", "can-i", "get", "/metrics")).out().strip()).isEqualTo("no");
    assertThat(ok(as("bob-token", "auth", "can-i", "get", "/apis")).out().strip()).as("system:discovery").isEqualTo("yes");
    String list = ok(as("bob-token", "auth", "can-i", "--list", "-n", "team-a")).out();
    assertThat(list).containsPattern("foos\\.hello\\.zeng\\.dev\\s+\\[\\]\\s+\\[\\]\\s+\\[get list watch\\]")
        .containsPattern("selfsubjectaccessreviews\\.authorization\\.k8s\\.io\\s+\\[\\]\\s+\\[\\]\\s+\\[create\\]")
        .contains("[/api/*]");
    assertThat(fails(kubectl.run("auth", "can-i", "delete", "foos", "--as=bob", "-n", "team-a")).out().strip()).isEqualTo("no");
    assertThat(ok(kubectl.run("auth", "can-i", "list", "foos", "--as=bob", "-n", "team-a")).out().strip()).isEqualTo("yes");
  }

  @Test
  @DisplayName("denials are 403 worded as kube's for get, list, watch, a subresource and a non-resource URL")
  void denials() throws Exception {
    assertThat(ok(as("bob-token", "get", "foos", "-n", "team-a", "-o", "name")).out().strip()).isEqualTo("foo.hello.zeng.dev/mine");
    String prefix = "Error from server (Forbidden): ";
    assertThat(fails(as("bob-token", "get", "foo", "hello", "-n", "default")).err()).contains(prefix
        + "foos.hello.zeng.dev \"hello\" is forbidden: User \"bob\" cannot get resource \"foos\" in API group "
        + "\"hello.zeng.dev\" in the namespace \"default\"");
    assertThat(fails(as("bob-token", "get", "foos", "-n", "default")).err()).contains(prefix
        + "foos.hello.zeng.dev is forbidden: User \"bob\" cannot list resource \"foos\" in API group \"hello.zeng.dev\" "
        + "in the namespace \"default\"");
    assertThat(fails(as("bob-token", "get", "foos", "-A")).err()).contains(
        "User \"bob\" cannot list resource \"foos\" in API group \"hello.zeng.dev\" at the cluster scope");
    assertThat(fails(as("bob-token", "get", "--raw", "/apis/hello.zeng.dev/v2/namespaces/default/foos?watch=true")).err())
        .contains("User \"bob\" cannot watch resource \"foos\" in API group \"hello.zeng.dev\" in the namespace \"default\"");
    assertThat(fails(as("bob-token", "patch", "foo", "mine", "-n", "team-a", "--subresource=status", "--type=merge", "-p",
        "{\"status\":{}}")).err()).contains("foos.hello.zeng.dev \"mine\" is forbidden: User \"bob\" cannot get resource \"foos/status\" in API group \"hello.zeng.dev\" "
        + "in the namespace \"team-a\"");
    assertThat(fails(as("bob-token", "delete", "foo", "mine", "-n", "team-a")).err())
        .contains("User \"bob\" cannot delete resource \"foos\"");
    assertThat(fails(as("bob-token", "get", "--raw", "/metrics")).err())
        .contains(prefix + "forbidden: User \"bob\" cannot get path \"/metrics\"");
    assertThat(fails(as("bob-token", "get", "namespaces")).err())
        .contains("namespaces is forbidden: User \"bob\" cannot list resource \"namespaces\" in API group \"\" at the cluster scope");
  }

  @Test
  @DisplayName("access reviews carry the RBAC authorizer's reason as kube words it; a binding to a missing role is quoted in 403s")
  void reviewReasons() throws Exception {
    String sar = "apiVersion: authorization.k8s.io/v1\nkind: %s\n%sspec:\n  %sresourceAttributes: {namespace: %s, verb: list,"
        + " group: hello.zeng.dev, resource: foos}\n";
    String allowed = "RBAC: allowed by RoleBinding \"bob-reads-foos/team-a\" of Role \"foo-reader\" to User \"bob\"";
    assertThat(ok(kubectl.runWithInput(sar.formatted("SubjectAccessReview", "", "user: bob\n  ", "team-a"), "create", "-f", "-",
        "-o", "jsonpath={.status.reason}")).out()).isEqualTo(allowed);
    assertThat(ok(kubectl.runWithInput(sar.formatted("LocalSubjectAccessReview", "metadata: {namespace: team-a}\n", "user: bob\n  ",
        "team-a"), "create", "-f", "-", "-o", "jsonpath={.status.reason}")).out()).isEqualTo(allowed);
    Kubectl.Result self = kubectl.runWithInput(sar.formatted("SelfSubjectAccessReview", "", "", "team-a"), "--token=bob-token",
        "create", "-f", "-", "-o", "jsonpath={.status.allowed} {.status.reason}");
    assertThat(ok(self).out()).isEqualTo("true " + allowed);
    assertThat(fails(kubectl.runWithInput(sar.formatted("LocalSubjectAccessReview", "metadata: {namespace: team-a}\n",
        "user: bob\n  ", "default"), "create", "-f", "-")).err()).contains("The LocalSubjectAccessReview \"\" is invalid: "
        + "spec.resourceAttributes.namespace: Invalid value: \"default\": must match metadata.namespace");

    ok(kubectl.run("create", "namespace", "dangling"));
    ok(kubectl.run("create", "rolebinding", "to-nothing", "-n", "dangling", "--role=gone", "--user=bob"));
    assertThat(fails(as("bob-token", "get", "configmaps", "-n", "dangling")).err()).contains("configmaps is forbidden: "
        + "User \"bob\" cannot list resource \"configmaps\" in API group \"\" in the namespace \"dangling\": "
        + "RBAC: role.rbac.authorization.k8s.io \"gone\" not found");
  }

  @Test
  @DisplayName("the aggregated view role reads Foos (and ConfigMaps) everywhere but writes nothing, hides Secrets")
  void view() throws Exception {
    assertThat(ok(as("carol-token", "get", "foos", "-A", "-o", "name")).out().lines().toList())
        .contains("foo.hello.zeng.dev/hello", "foo.hello.zeng.dev/mine");
    ok(as("carol-token", "get", "configmaps", "-n", "team-a"));
    assertThat(fails(as("carol-token", "get", "secrets", "-n", "team-a")).err()).contains("cannot list resource \"secrets\"");
    assertThat(fails(as("carol-token", "delete", "foo", "hello", "-n", "default")).err())
        .contains("User \"carol\" cannot delete resource \"foos\" in API group \"hello.zeng.dev\" in the namespace \"default\"");
    assertThat(ok(kubectl.run("get", "clusterrole", "view", "-o", "jsonpath={.rules[*].apiGroups}")).out())
        .contains("hello.zeng.dev", "wardle.example.com");
  }

  @Test
  @DisplayName("escalation: granting more than you hold is 403 unless you may escalate or bind")
  void escalation() throws Exception {
    ok(kubectl.run("create", "role", "rbac-manager", "-n", "team-a", "--verb=create,get,list,update",
        "--resource=roles.rbac.authorization.k8s.io,rolebindings.rbac.authorization.k8s.io"));
    ok(kubectl.run("create", "rolebinding", "bob-manages", "-n", "team-a", "--role=rbac-manager", "--user=bob"));
    ok(as("bob-token", "create", "role", "foo-getter", "-n", "team-a", "--verb=get", "--resource=foos.hello.zeng.dev"));
    assertThat(fails(as("bob-token", "create", "role", "foo-deleter", "-n", "team-a", "--verb=get,delete",
        "--resource=foos.hello.zeng.dev")).err()).contains("roles.rbac.authorization.k8s.io \"foo-deleter\" is forbidden: "
        + "user \"bob\" (groups=[\"system:authenticated\"]) is attempting to grant RBAC permissions not currently held:\n"
        + "{APIGroups:[\"hello.zeng.dev\"], Resources:[\"foos\"], Verbs:[\"delete\"]}");
    assertThat(fails(as("bob-token", "create", "rolebinding", "bob-edits", "-n", "team-a", "--clusterrole=edit", "--user=bob"))
        .err()).contains("rolebindings.rbac.authorization.k8s.io \"bob-edits\" is forbidden: user \"bob\"",
            "is attempting to grant RBAC permissions not currently held");
    ok(as("bob-token", "create", "rolebinding", "dave-reads", "-n", "team-a", "--role=foo-reader", "--user=dave"));
    ok(kubectl.run("create", "clusterrole", "edit-binder", "--verb=bind", "--resource=clusterroles.rbac.authorization.k8s.io",
        "--resource-name=edit"));
    ok(kubectl.run("create", "rolebinding", "bob-binds-edit", "-n", "team-a", "--clusterrole=edit-binder", "--user=bob"));
    ok(as("bob-token", "create", "rolebinding", "dave-edits", "-n", "team-a", "--clusterrole=edit", "--user=dave"));
  }

  @Test
  @DisplayName("an unknown --authorization-mode stops the start with kube's wording")
  void unknownMode() throws Exception {
    Path war = Path.of(System.getProperty("apiserver.war", "target/custom-apiserver.war"));
    ServerProcess.Finished f = ServerProcess.run(war, tmp, "--data-dir", tmp.resolve("bad").toString(), "--secure-port", "0",
        "--authorization-mode", "RBAC,Magic");
    assertThat(f.exitCode()).isNotZero();
    assertThat(f.output()).contains("authorization-mode \"Magic\" is not a valid mode");
  }

  @Test
  @DisplayName("seed 000's local mode: --anonymous-auth=true --authorization-mode=AlwaysAllow serves kubectl without credentials")
  void localMode() throws Exception {
    try (ServerProcess open = ServerProcess.start(tmp.resolve("open"), "--port", "0", "--anonymous-auth=true",
        "--authorization-mode=AlwaysAllow")) {
      int port = open.plainUrl().getPort();
      Kubectl anonymous = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("anon-home")));
      List<String> noCredentials = List.of("--kubeconfig=/dev/null", "--server=http://127.0.0.1:" + port);
      ok(anonymous.runWithInput(FOO.formatted("open"), concat(noCredentials, "apply", "-f", "-")));
      assertThat(ok(anonymous.run(concat(noCredentials, "get", "foos", "-o", "name"))).out().strip())
          .isEqualTo("foo.hello.zeng.dev/open");
      assertThat(ok(anonymous.run(concat(noCredentials, "auth", "can-i", "delete", "foos"))).out().strip()).isEqualTo("yes");
      assertThat(open.log()).contains("includes AlwaysAllow: every request is allowed");
    }
  }

  static String[] concat(List<String> first, String... rest) {
    String[] all = first.toArray(new String[first.size() + rest.length]);
    System.arraycopy(rest, 0, all, first.size(), rest.length);
    return all;
  }
}
