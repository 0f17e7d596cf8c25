package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** ClusterRole as served in {@code rbac.authorization.k8s.io/v1}: the hub's shape. */
@Description("ClusterRole is a cluster level, logical grouping of PolicyRules that can be referenced as a unit by a "
    + "RoleBinding or ClusterRoleBinding.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ClusterRoleV1 extends ClusterRole {
}
