package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.ArrayList;
import java.util.List;

/** rbac/v1 RoleBinding (hub and v1): grants a Role or ClusterRole in its namespace. */
@Description("RoleBinding references a role, but does not contain it.  It can reference a Role in the same namespace or a ClusterRole in the global namespace."
    + " It adds who information via Subjects and namespace information by which namespace it exists in.  RoleBindings in a given"
    + " namespace only have effect in that namespace.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RoleBinding extends KubeObject implements Binding {
  @Description("Subjects holds references to the objects the role applies to.")
  public List<Subject> subjects;
  @Description("RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.")
  public RoleRef roleRef;

  @Override
  public List<Subject> subjects() {
    return subjects == null ? List.of() : subjects;
  }

  @Override
  public RoleRef roleRef() {
    return roleRef == null ? new RoleRef() : roleRef;
  }

  public RoleBinding copy() {
    return copyTo(new RoleBinding());
  }

  /** Copies this into {@code c} (deeply) and returns it. */
  public <T extends RoleBinding> T copyTo(T c) {
    c.apiVersion = apiVersion;
    c.kind = kind;
    c.metadata = metadata == null ? null : metadata.copy();
    c.subjects = subjects == null ? null : new ArrayList<>(subjects.stream().map(s -> s == null ? null : s.copy()).toList());
    c.roleRef = roleRef == null ? null : roleRef.copy();
    return c;
  }
}
