package dev.customapiserver.auth.webhook;

import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import java.util.List;

/**
 * kube's path authorizer of {@code --authorization-always-allow-paths}: a non-resource request for
 * one of the paths (a trailing {@code *} matches a prefix) is allowed for anyone; anything else has
 * no opinion.
 */
public final class AlwaysAllowPaths implements Authorizer {
  private final List<String> exact;
  private final List<String> prefixes;

  public AlwaysAllowPaths(List<String> paths) {
    List<String> trimmed = paths.stream().map(p -> p.startsWith("/") ? p.substring(1) : p).toList();
    this.exact = trimmed.stream().filter(p -> !p.endsWith("*")).toList();
    this.prefixes = trimmed.stream().filter(p -> p.endsWith("*")).map(p -> p.substring(0, p.length() - 1)).toList();
    for (String p : exact) {
      if (p.contains("*")) {
        throw new IllegalArgumentException("only trailing * allowed in " + p);
      }
    }
  }

  @Override
  public Decision authorize(AuthorizationAttributes a) {
    if (a.resourceRequest()) {
      return Decision.noOpinion();
    }
    String path = a.path().startsWith("/") ? a.path().substring(1) : a.path();
    if (exact.contains(path) || prefixes.stream().anyMatch(path::startsWith)) {
      return Decision.allow();
    }
    return Decision.noOpinion();
  }
}
