package dev.customapiserver.apis.rbac;

import java.util.List;

/** rbac/v1 defaulting: a binding's roleRef.apiGroup and User/Group subjects' apiGroup are the RBAC group. */
final class RbacDefaults {
  private RbacDefaults() {}

  /** Defaults {@code subjects} in place and returns {@code ref} defaulted (null stays null). */
  static RoleRef binding(RoleRef ref, List<Subject> subjects) {
    if (ref != null && (ref.apiGroup == null || ref.apiGroup.isEmpty())) {
      ref.apiGroup = RbacModule.GROUP;
    }
    for (Subject s : subjects) {
      if (s != null && (s.apiGroup == null || s.apiGroup.isEmpty())) {
        s.apiGroup = Subject.USER.equals(s.kind) || Subject.GROUP.equals(s.kind) ? RbacModule.GROUP : "";
      }
    }
    return ref;
  }
}
