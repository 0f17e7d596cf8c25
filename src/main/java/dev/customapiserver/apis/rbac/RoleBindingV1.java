package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** RoleBinding as served in {@code rbac.authorization.k8s.io/v1}: the hub's shape. */
@Description("RoleBinding references a role, but does not contain it.  It can reference a Role in the same namespace or a ClusterRole in the global namespace."
    + " It adds who information via Subjects and namespace information by which namespace it exists in.  RoleBindings in a given"
    + " namespace only have effect in that namespace.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RoleBindingV1 extends RoleBinding {
}
