package dev.customapiserver.apis.apiextensions;

/** The {@code apiextensions.k8s.io} group's name. */
public final class ApiextensionsGroup {
  public static final String NAME = "apiextensions.k8s.io";

  private ApiextensionsGroup() {}
}
