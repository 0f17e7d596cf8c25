package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** ClusterRoleBinding as served in {@code rbac.authorization.k8s.io/v1}: the hub's shape. */
@Description("ClusterRoleBinding references a ClusterRole, but not contain it.  It can reference a ClusterRole in the global"
    + " namespace, and adds who information via Subject.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ClusterRoleBindingV1 extends ClusterRoleBinding {
}
