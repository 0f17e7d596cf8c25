package dev.customapiserver.apis.rbac;

import java.util.List;

/** What RoleBinding and ClusterRoleBinding share: subjects and the role they are granted. */
public interface Binding {
  List<Subject> subjects();

  RoleRef roleRef();
}
