package dev.customapiserver.apis.rbac;

import dev.customapiserver.apis.meta.LabelSelector;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.ArrayList;
import java.util.List;

/** rbac/v1 AggregationRule: the ClusterRoles whose rules a ClusterRole aggregates, by label. */
@Description("AggregationRule describes how to locate ClusterRoles to aggregate into the ClusterRole")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class AggregationRule {
  @Description("ClusterRoleSelectors holds a list of selectors which will be used to find ClusterRoles and create the "
      + "rules. If any of the selectors match, then the ClusterRole's permissions will be added")
  public List<LabelSelector> clusterRoleSelectors;

  public List<LabelSelector> selectors() {
    return clusterRoleSelectors == null ? List.of() : clusterRoleSelectors;
  }

  public AggregationRule copy() {
    AggregationRule c = new AggregationRule();
    c.clusterRoleSelectors = clusterRoleSelectors == null ? null
        : new ArrayList<>(clusterRoleSelectors.stream().map(s -> s == null ? null : s.copy()).toList());
    return c;
  }
}
