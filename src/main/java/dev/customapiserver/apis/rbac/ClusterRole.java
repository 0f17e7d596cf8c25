package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** rbac/v1 ClusterRole (hub and v1): cluster-wide rules, possibly aggregated from other ClusterRoles. */
@Description("ClusterRole is a cluster level, logical grouping of PolicyRules that can be referenced as a unit by a "
    + "RoleBinding or ClusterRoleBinding.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ClusterRole extends KubeObject {
  @Description("Rules holds all the PolicyRules for this ClusterRole")
  public List<PolicyRule> rules;
  @Description("AggregationRule is an optional field that describes how to build the Rules for this ClusterRole. If "
      + "AggregationRule is set, then the Rules are controller managed and direct changes to Rules will be stomped by "
      + "the controller.")
  public AggregationRule aggregationRule;

  public List<PolicyRule> rules() {
    return rules == null ? List.of() : rules;
  }

  public ClusterRole copy() {
    return copyTo(new ClusterRole());
  }

  /** Copies this into {@code c} (deeply) and returns it. */
  public <T extends ClusterRole> T copyTo(T c) {
    c.apiVersion = apiVersion;
    c.kind = kind;
    c.metadata = metadata == null ? null : metadata.copy();
    c.rules = PolicyRule.copyAll(rules);
    c.aggregationRule = aggregationRule == null ? null : aggregationRule.copy();
    return c;
  }
}
