package dev.customapiserver.apis.authorization;

/** The {@code authorization.k8s.io} group's name. */
public final class AuthorizationGroup {
  public static final String NAME = "authorization.k8s.io";

  private AuthorizationGroup() {}
}
