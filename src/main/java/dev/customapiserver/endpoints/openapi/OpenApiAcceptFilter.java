package dev.customapiserver.endpoints.openapi;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Lets kubectl's OpenAPI protobuf requests reach {@link OpenApiResource}. kubectl asks
 * {@code /openapi/v2} with {@code Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf};
 * the {@code @} is not a valid media-type character, and Jersey answers such a request 400 with an
 * empty body before any resource is matched. Under {@code /openapi} only JSON is served anyway, so
 * this filter replaces such an Accept header by {@code *}{@code /*}: kubectl then gets the 404
 * Status it understands (v2) or the JSON document.
 */
@PreMatching
public final class OpenApiAcceptFilter implements ContainerRequestFilter {
  @Override
  public void filter(ContainerRequestContext request) {
    String accept = request.getHeaderString(HttpHeaders.ACCEPT);
    String path = request.getUriInfo().getPath();
    if (accept != null && accept.indexOf('@') >= 0 && (path.startsWith("openapi") || path.startsWith("/openapi"))) {
      request.getHeaders().putSingle(HttpHeaders.ACCEPT, "*/*");
    }
  }
}
