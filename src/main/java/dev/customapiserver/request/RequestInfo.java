package dev.customapiserver.request;

/**
 * What a request asks, read once from its method, path and query, as kube-apiserver's
 * {@code request.RequestInfo}. For resource requests the API fields are set (strings empty when
 * absent); for other paths only {@code verb} (the lower-case HTTP method) and {@code path}.
 *
 * @param verb get, list, watch, create, update, patch, delete, deletecollection; for non-resource
 *     paths the lower-case HTTP method (get, post, put, ...)
 * @param resourceRequest whether the path is {@code /api/v1/...} or {@code /apis/g/v/...} naming a resource
 * @param path the decoded path below the context path, e.g. {@code /apis/g/v1/foos}
 * @param apiGroup "" for the core group
 */
public record RequestInfo(
    String verb,
    boolean resourceRequest,
    String path,
    String apiGroup,
    String apiVersion,
    String namespace,
    String resource,
    String subresource,
    String name) {

  /** A request outside the API's resources, e.g. {@code GET /healthz}. */
  public static RequestInfo nonResource(String verb, String path) {
    return new RequestInfo(verb, false, path, "", "", "", "", "", "");
  }

  /** {@code resource/subresource}, or the resource alone. */
  public String resourceAndSubresource() {
    return subresource.isEmpty() ? resource : resource + "/" + subresource;
  }

  /** Whether the request only reads (get, list, watch; or GET/HEAD on a path). */
  public boolean readOnly() {
    return switch (verb) {
      case "get", "list", "watch", "head" -> true;
      default -> false;
    };
  }
}
