package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.ArrayList;
import java.util.List;

/** rbac/v1 ClusterRoleBinding (hub and v1): grants a ClusterRole everywhere. */
@Description("ClusterRoleBinding references a ClusterRole, but not contain it.  It can reference a ClusterRole in the global"
    + " namespace, and adds who information via Subject.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ClusterRoleBinding extends KubeObject implements Binding {
  @Description("Subjects holds references to the objects the role applies to.")
  public List<Subject> subjects;
  @Description("RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.")
  public RoleRef roleRef;

  @Override
  public List<Subject> subjects() {
    return subjects == null ? List.of() : subjects;
  }

  @Override
  public RoleRef roleRef() {
    return roleRef == null ? new RoleRef() : roleRef;
  }

  public ClusterRoleBinding copy() {
    return copyTo(new ClusterRoleBinding());
  }

  /** Copies this into {@code c} (deeply) and returns it. */
  public <T extends ClusterRoleBinding> T copyTo(T c) {
    c.apiVersion = apiVersion;
    c.kind = kind;
    c.metadata = metadata == null ? null : metadata.copy();
    c.subjects = subjects == null ? null : new ArrayList<>(subjects.stream().map(s -> s == null ? null : s.copy()).toList());
    c.roleRef = roleRef == null ? null : roleRef.copy();
    return c;
  }
}
