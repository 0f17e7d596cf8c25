package dev.customapiserver.apis.rbac;

import java.util.List;

/** rbac/v1 defaulting: a binding's roleRef.apiGroup and User/Group subjects' apiGroup are the RBAC group. */
public final class RbacDefaults {
  private RbacDefaults() {}

  /** Defaults {@code subjects} in place and returns {@code ref} defaulted (null stays null). */
  public static RoleRef binding(RoleRef ref, List<Subject> subjects) {
    if (ref != null && (ref.apiGroup == null || ref.apiGroup.isEmpty())) {
      ref.apiGroup = RbacGroup.NAME;
    }
    for (Subject s : subjects) {
      if (s != null && (s.apiGroup == null || s.apiGroup.isEmpty())) {
        s.apiGroup = Subject.USER.equals(s.kind) || Subject.GROUP.equals(s.kind) ? RbacGroup.NAME : "";
      }
    }
    return ref;
  }
}
