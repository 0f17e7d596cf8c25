package dev.customapiserver.auth;

/** Group and user names with a meaning to the server, as in Kubernetes. */
public final class SystemGroups {
  /** Every authenticated user is in it. */
  public static final String AUTHENTICATED = "system:authenticated";
  /** Requests without credentials (on public paths only). */
  public static final String UNAUTHENTICATED = "system:unauthenticated";
  /** Superusers; the admin token's group. */
  public static final String MASTERS = "system:masters";
  /** The user name of requests without credentials. */
  public static final String ANONYMOUS_USER = "system:anonymous";

  private SystemGroups() {}
}
