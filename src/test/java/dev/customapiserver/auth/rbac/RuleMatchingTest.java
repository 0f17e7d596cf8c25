package dev.customapiserver.auth.rbac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.auth.AuthorizationAttributes;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("RBAC rule matching (kube's RuleAllows)")
class RuleMatchingTest {
  static final UserInfo BOB = UserInfo.of("bob");

  static AuthorizationAttributes res(String verb, String group, String resource, String sub, String ns, String name) {
    return new AuthorizationAttributes(BOB, verb, true, group, "v1", resource, sub, ns, name, "");
  }

  static PolicyRule rule(List<String> groups, List<String> resources, List<String> verbs) {
    return PolicyRule.resources(groups, resources, verbs);
  }

  @Test
  @DisplayName("verbs, groups and resources must all match; * matches any")
  void basics() {
    PolicyRule r = rule(List.of("hello.zeng.dev"), List.of("foos"), List.of("get", "list"));
    assertThat(RuleMatching.allows(r, res("get", "hello.zeng.dev", "foos", "", "default", "x"))).isTrue();
    assertThat(RuleMatching.allows(r, res("list", "hello.zeng.dev", "foos", "", "default", ""))).isTrue();
    assertThat(RuleMatching.allows(r, res("watch", "hello.zeng.dev", "foos", "", "default", ""))).isFalse();
    assertThat(RuleMatching.allows(r, res("get", "", "foos", "", "default", "x"))).isFalse();
    assertThat(RuleMatching.allows(r, res("get", "hello.zeng.dev", "bars", "", "default", "x"))).isFalse();
    PolicyRule star = rule(List.of("*"), List.of("*"), List.of("*"));
    assertThat(RuleMatching.allows(star, res("deletecollection", "any.group", "things", "status", "", ""))).isTrue();
  }

  @Test
  @DisplayName("a subresource needs foos/status or */status; foos alone does not cover it")
  void subresources() {
    PolicyRule main = rule(List.of("hello.zeng.dev"), List.of("foos"), List.of("*"));
    PolicyRule status = rule(List.of("hello.zeng.dev"), List.of("foos/status"), List.of("update"));
    PolicyRule anyStatus = rule(List.of("hello.zeng.dev"), List.of("*/status"), List.of("update"));
    var update = res("update", "hello.zeng.dev", "foos", "status", "default", "x");
    assertThat(RuleMatching.allows(main, update)).isFalse();
    assertThat(RuleMatching.allows(status, update)).isTrue();
    assertThat(RuleMatching.allows(anyStatus, update)).isTrue();
    assertThat(RuleMatching.allows(anyStatus, res("update", "hello.zeng.dev", "foos", "scale", "default", "x"))).isFalse();
    assertThat(RuleMatching.allows(status, res("update", "hello.zeng.dev", "foos", "", "default", "x"))).isFalse();
  }

  @Test
  @DisplayName("resourceNames restrict to those names; list and create (no name) are not allowed by them")
  void names() {
    PolicyRule r = rule(List.of(""), List.of("configmaps"), List.of("get", "list", "create"));
    r.resourceNames = List.of("app-config");
    assertThat(RuleMatching.allows(r, res("get", "", "configmaps", "", "default", "app-config"))).isTrue();
    assertThat(RuleMatching.allows(r, res("get", "", "configmaps", "", "default", "other"))).isFalse();
    assertThat(RuleMatching.allows(r, res("list", "", "configmaps", "", "default", ""))).isFalse();
    assertThat(RuleMatching.allows(r, res("create", "", "configmaps", "", "default", ""))).isFalse();
  }

  @Test
  @DisplayName("nonResourceURLs: exact, a trailing * as prefix, * for all; never for resource requests")
  void urls() {
    PolicyRule r = PolicyRule.urls(List.of("/healthz", "/apis/*"), List.of("get"));
    assertThat(RuleMatching.allows(r, AuthorizationAttributes.nonResource(BOB, "get", "/healthz"))).isTrue();
    assertThat(RuleMatching.allows(r, AuthorizationAttributes.nonResource(BOB, "get", "/healthz/ping"))).isFalse();
    assertThat(RuleMatching.allows(r, AuthorizationAttributes.nonResource(BOB, "get", "/apis/hello.zeng.dev"))).isTrue();
    assertThat(RuleMatching.allows(r, AuthorizationAttributes.nonResource(BOB, "post", "/apis/x"))).isFalse();
    assertThat(RuleMatching.allows(r, AuthorizationAttributes.nonResource(BOB, "get", "/metrics"))).isFalse();
    assertThat(RuleMatching.allows(PolicyRule.urls(List.of("*"), List.of("*")),
        AuthorizationAttributes.nonResource(BOB, "get", "/metrics"))).isTrue();
    assertThat(RuleMatching.allows(r, res("get", "", "healthz", "", "", ""))).isFalse();
  }
}
