package dev.customapiserver.apis.rbac;

/** The {@code rbac.authorization.k8s.io} group's name. */
public final class RbacGroup {
  public static final String NAME = "rbac.authorization.k8s.io";

  private RbacGroup() {}
}
