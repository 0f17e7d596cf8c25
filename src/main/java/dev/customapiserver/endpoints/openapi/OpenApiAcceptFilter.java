package dev.customapiserver.endpoints.openapi;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Lets kubectl's OpenAPI protobuf requests reach {@link OpenApiResource}. kubectl asks
 * {@code /openapi/v2} with {@code Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf};
 * the {@code @} is not a valid media-type character, and Jersey answers such a request 400 with an
 * empty body before any resource is matched. Under {@code /openapi} this filter therefore replaces
 * such an Accept header: by {@link #PROTOBUF_V2} when it asked for the v2 protobuf (which
 * {@link OpenApiResource} then serves), by {@code *}{@code /*} otherwise.
 */
@PreMatching
public final class OpenApiAcceptFilter implements ContainerRequestFilter {
  /** The Accept value standing for gnostic's v2 protobuf once the {@code @} is gone. */
  static final String PROTOBUF_V2 = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";

  @Override
  public void filter(ContainerRequestContext request) {
    String accept = request.getHeaderString(HttpHeaders.ACCEPT);
    String path = request.getUriInfo().getPath();
    if (accept != null && accept.indexOf('@') >= 0 && (path.startsWith("openapi") || path.startsWith("/openapi"))) {
      boolean v2 = accept.contains("com.github.proto-openapi.spec.v2@");
      request.getHeaders().putSingle(HttpHeaders.ACCEPT, v2 ? PROTOBUF_V2 : "*/*");
    }
  }
}
