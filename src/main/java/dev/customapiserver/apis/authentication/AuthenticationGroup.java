package dev.customapiserver.apis.authentication;

/** The {@code authentication.k8s.io} group's name and the version its reviews are served in. */
public final class AuthenticationGroup {
  public static final String NAME = "authentication.k8s.io";
  public static final String VERSION = "v1";

  private AuthenticationGroup() {}
}
