package dev.customapiserver.auth.rbac;

import static dev.customapiserver.auth.rbac.Policies.rule;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.rbac.PolicyRule;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Rule coverage for escalation checks (kube's Covers, CompactString)")
class CoverageTest {

  @Test
  @DisplayName("held rules cover requested ones atom by atom; what is missing is compacted per group and resource")
  void missing() {
    List<PolicyRule> held = List.of(rule("hello.zeng.dev", "foos", "get", "list"), rule("", "configmaps", "*"));
    assertThat(Coverage.missing(held, List.of(rule("hello.zeng.dev", "foos", "get")))).isEmpty();
    assertThat(Coverage.missing(held, List.of(rule("", "configmaps", "delete", "get")))).isEmpty();
    List<PolicyRule> missing = Coverage.missing(held, List.of(
        PolicyRule.resources(List.of("hello.zeng.dev"), List.of("foos"), List.of("get", "delete", "create"))));
    assertThat(missing).extracting(PolicyRule::compactString)
        .containsExactly("{APIGroups:[\"hello.zeng.dev\"], Resources:[\"foos\"], Verbs:[\"delete\" \"create\"]}");
  }

  @Test
  @DisplayName("* covers everything; */status covers foos/status; names need the owner to be unrestricted or to list them")
  void specialForms() {
    assertThat(Coverage.missing(List.of(PolicyRule.resources(List.of("*"), List.of("*"), List.of("*"))),
        List.of(rule("a", "b", "c")))).isEmpty();
    assertThat(Coverage.missing(List.of(rule("g", "*/status", "update")), List.of(rule("g", "foos/status", "update")))).isEmpty();
    PolicyRule named = rule("", "secrets", "get");
    named.resourceNames = List.of("a");
    assertThat(Coverage.missing(List.of(named), List.of(rule("", "secrets", "get")))).hasSize(1);
    PolicyRule wantA = rule("", "secrets", "get");
    wantA.resourceNames = List.of("a");
    assertThat(Coverage.missing(List.of(named), List.of(wantA))).isEmpty();
    assertThat(Coverage.missing(List.of(PolicyRule.urls(List.of("/apis/*"), List.of("get"))),
        List.of(PolicyRule.urls(List.of("/apis/hello"), List.of("get"))))).isEmpty();
  }
}
