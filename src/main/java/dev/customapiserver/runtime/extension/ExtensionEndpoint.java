package dev.customapiserver.runtime.extension;

import java.util.Objects;
import java.util.Set;

/**
 * One extension endpoint: an HTTP method and a path template such as {@code /wukong/pizzas/{namespace}}
 * ({@code {name}} segments become {@link EndpointRequest#path} parameters), served by {@code handler}.
 * Paths must not lie under {@code /api}, {@code /apis}, {@code /openapi} or the health and version paths.
 */
public record ExtensionEndpoint(String method, String path, Handler handler) {
  private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
  private static final Set<String> RESERVED = Set.of("api", "apis", "openapi", "healthz", "livez", "readyz", "version");

  public ExtensionEndpoint {
    if (!METHODS.contains(method)) {
      throw new IllegalArgumentException("unsupported method " + method + " for " + path);
    }
    if (!path.startsWith("/") || path.length() < 2 || RESERVED.contains(path.substring(1).split("/")[0])) {
      throw new IllegalArgumentException("extension path " + path + " must start with / and a segment the API does not use");
    }
    Objects.requireNonNull(handler, "handler");
  }

  /** Answers one request; throws {@link dev.customapiserver.api.errors.ApiException} for errors (sent as a Status). */
  @FunctionalInterface
  public interface Handler {
    EndpointResponse handle(EndpointRequest request);
  }
}
