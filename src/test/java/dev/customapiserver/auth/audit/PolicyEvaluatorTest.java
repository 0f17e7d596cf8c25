package dev.customapiserver.auth.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.RequestInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The audit policy: the first matching rule sets the level, stages are omitted as asked")
class PolicyEvaluatorTest {
  static final UserInfo ALICE = UserInfo.of("alice", "dev", "system:authenticated");
  static final UserInfo NODE = UserInfo.of("system:kube-proxy", "system:authenticated");
  @TempDir Path dir;

  PolicyEvaluator policy(String rules) throws Exception {
    return new PolicyEvaluator(AuditPolicy.read(Files.writeString(dir.resolve("policy.yaml"),
        "apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n" + rules)));
  }

  static RequestInfo resource(String verb, String group, String ns, String resource, String sub, String name) {
    return new RequestInfo(verb, true, "/x", group, "v1", ns, resource, sub, name);
  }

  @Test
  @DisplayName("users, userGroups and verbs narrow a rule; the first match wins; nothing matching is None")
  void usersGroupsVerbs() throws Exception {
    PolicyEvaluator p = policy("""
        - level: None
          users: ["system:kube-proxy"]
        - level: Request
          userGroups: ["dev"]
          verbs: ["create", "update"]
        - level: Metadata
          verbs: ["get", "list"]
        """);
    RequestInfo get = resource("get", "", "default", "configmaps", "", "c");
    RequestInfo create = resource("create", "", "default", "configmaps", "", "");
    assertThat(p.evaluate(NODE, get).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, create).level()).isEqualTo(Level.REQUEST);
    assertThat(p.evaluate(ALICE, get).level()).isEqualTo(Level.METADATA);
    assertThat(p.evaluate(ALICE, resource("delete", "", "default", "configmaps", "", "c")).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, get).omitStages()).containsExactly(Stage.REQUEST_RECEIVED);
  }

  @Test
  @DisplayName("resources by group, '*', 'res/sub', 'res/*', '*/sub' and resourceNames; namespaces with '' for cluster scope")
  void resources() throws Exception {
    PolicyEvaluator p = policy("""
        - level: RequestResponse
          resources:
          - group: hello.zeng.dev
            resources: ["foos/status"]
          - group: ""
            resources: ["secrets"]
            resourceNames: ["admin"]
        - level: Request
          resources:
          - group: ""
            resources: ["pods/*", "*/scale"]
        - level: Metadata
          namespaces: ["team-a", ""]
        """);
    assertThat(p.evaluate(ALICE, resource("update", "hello.zeng.dev", "x", "foos", "status", "f")).level())
        .isEqualTo(Level.REQUEST_RESPONSE);
    assertThat(p.evaluate(ALICE, resource("update", "hello.zeng.dev", "x", "foos", "", "f")).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, resource("get", "", "x", "secrets", "", "admin")).level()).isEqualTo(Level.REQUEST_RESPONSE);
    assertThat(p.evaluate(ALICE, resource("get", "", "x", "secrets", "", "other")).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, resource("get", "", "x", "pods", "log", "p")).level()).isEqualTo(Level.REQUEST);
    assertThat(p.evaluate(ALICE, resource("get", "", "x", "pods", "", "p")).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, resource("update", "", "x", "replicationcontrollers", "scale", "r")).level()).isEqualTo(Level.REQUEST);
    assertThat(p.evaluate(ALICE, resource("list", "", "team-a", "configmaps", "", "")).level()).isEqualTo(Level.METADATA);
    assertThat(p.evaluate(ALICE, resource("list", "", "", "namespaces", "", "")).level()).isEqualTo(Level.METADATA);
    assertThat(p.evaluate(ALICE, RequestInfo.nonResource("get", "/healthz")).level())
        .as("a rule with namespaces matches resource requests only").isEqualTo(Level.NONE);
  }

  @Test
  @DisplayName("nonResourceURLs match paths exactly or by a trailing '*', never resource requests; a rule's omitStages add to the policy's")
  void nonResourceUrls() throws Exception {
    PolicyEvaluator p = policy("""
        - level: None
          nonResourceURLs: ["/healthz*", "/version"]
        - level: Metadata
          omitStages: [ResponseStarted]
        """);
    assertThat(p.evaluate(ALICE, RequestInfo.nonResource("get", "/healthz/ping")).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, RequestInfo.nonResource("get", "/version")).level()).isEqualTo(Level.NONE);
    assertThat(p.evaluate(ALICE, RequestInfo.nonResource("get", "/metrics")).level()).isEqualTo(Level.METADATA);
    assertThat(p.evaluate(ALICE, RequestInfo.nonResource("get", "/metrics")).omitStages())
        .isEqualTo(Set.of(Stage.REQUEST_RECEIVED, Stage.RESPONSE_STARTED));
  }

  @Test
  @DisplayName("an unknown level or stage, or a file that is no Policy, is refused naming the file and the rule")
  void invalid() throws Exception {
    assertThatThrownBy(() -> policy("- level: Everything\n")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rules[0].level: Unsupported value: \"Everything\"");
    assertThatThrownBy(() -> policy("- level: Metadata\n  omitStages: [Sometimes]\n"))
        .hasMessageContaining("rules[0].omitStages: Unsupported value: \"Sometimes\"");
    Path notPolicy = Files.writeString(dir.resolve("cm.yaml"), "apiVersion: v1\nkind: ConfigMap\n");
    assertThatThrownBy(() -> AuditPolicy.read(notPolicy)).hasMessageContaining("cm.yaml is not an audit.k8s.io Policy");
  }
}
