package dev.customapiserver.auth;

import java.util.List;

/**
 * Paths anyone may read without credentials, as kube-apiserver's {@code system:public-info-viewer}:
 * {@code /healthz}, {@code /livez}, {@code /readyz}, {@code /version} and their sub-paths; also the
 * web console's static pages under {@code /console} (no data in them; its API calls carry the user's
 * own credentials).
 */
public final class PublicPaths {
  private static final List<String> PREFIXES = List.of("/healthz", "/livez", "/readyz", "/version", "/console");

  private PublicPaths() {}

  /** Whether {@code path} (relative to the application's context path) is public. */
  public static boolean isPublic(String path) {
    for (String p : PREFIXES) {
      if (path.equals(p) || path.startsWith(p + "/")) {
        return true;
      }
    }
    return false;
  }
}
