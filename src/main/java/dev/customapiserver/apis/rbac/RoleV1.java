package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** Role as served in {@code rbac.authorization.k8s.io/v1}: the hub's shape. */
@Description("Role is a namespaced, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RoleV1 extends Role {
}
