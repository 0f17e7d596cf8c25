package dev.customapiserver.apis.rbac;

import java.util.List;

/** What RoleBinding and ClusterRoleBinding share: subjects and the role they are granted. */
public interface Binding {
  public List<Subject> subjects();

  public RoleRef roleRef();
}
