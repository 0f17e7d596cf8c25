package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.Errors;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

/**
 * OPTIONS is 405 MethodNotAllowed as kube-apiserver answers it (without CORS configured), not the
 * framework's automatic OPTIONS answer (200 with an Allow header and a WADL body).
 */
@PreMatching
@Priority(100)
final class OptionsAsKube implements ContainerRequestFilter {
  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getMethod().equals("OPTIONS")) {
      throw Errors.methodNotAllowed();
    }
  }
}
