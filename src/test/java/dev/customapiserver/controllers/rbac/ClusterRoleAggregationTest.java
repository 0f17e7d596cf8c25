package dev.customapiserver.controllers.rbac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.apis.rbac.AggregationRule;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.apis.rbac.PolicyRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ClusterRole aggregation")
class ClusterRoleAggregationTest {

  static ClusterRole role(String name, Map<String, String> labels, PolicyRule... rules) {
    ClusterRole r = new ClusterRole();
    r.metadata = new ObjectMeta();
    r.metadata.name = name;
    r.metadata.labels = labels;
    r.rules = new ArrayList<>(List.of(rules));
    return r;
  }

  @Test
  @DisplayName("the union of the matching roles' rules, roles in name order, duplicates once, itself and others left out")
  void union() {
    ClusterRole view = role("view", Map.of("rbac.authorization.k8s.io/aggregate-to-view", "true"));
    view.aggregationRule = new AggregationRule();
    LabelSelector s = new LabelSelector();
    s.matchLabels = Map.of("rbac.authorization.k8s.io/aggregate-to-view", "true");
    view.aggregationRule.clusterRoleSelectors = List.of(s);
    PolicyRule foos = PolicyRule.resources(List.of("hello.zeng.dev"), List.of("foos"), List.of("get"));
    PolicyRule cms = PolicyRule.resources(List.of(""), List.of("configmaps"), List.of("get"));
    List<ClusterRole> all = List.of(view,
        role("z-foos", Map.of("rbac.authorization.k8s.io/aggregate-to-view", "true"), foos),
        role("a-cms", Map.of("rbac.authorization.k8s.io/aggregate-to-view", "true"), cms, foos),
        role("unrelated", Map.of("x", "y"), PolicyRule.resources(List.of("*"), List.of("*"), List.of("*"))));
    assertThat(ClusterRoleAggregation.aggregate(view, all)).extracting(PolicyRule::compactString)
        .containsExactly(cms.compactString(), foos.compactString());
  }
}
