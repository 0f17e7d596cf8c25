package dev.customapiserver.endpoints.representation;

import dev.customapiserver.request.PrettyOutput;
import dev.customapiserver.runtime.JsonOutput;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;

/**
 * Lays out every JSON body the REST application answers (objects, lists, tables, Status, discovery)
 * as kube-apiserver's negotiated serializer does: indented for {@code ?pretty=true}, curl, Wget and
 * browsers, else compact with a newline at the end ({@link JsonOutput}). The OpenAPI documents, the
 * OIDC discovery document and {@code /version} are written as kube writes them, by their own
 * handlers; watch streams are not byte arrays and pass untouched.
 */
public final class JsonLayout implements ContainerResponseFilter {
  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(response.getEntity() instanceof byte[] body) || body.length == 0 || !json(response.getMediaType())) {
      return;
    }
    String path = request.getUriInfo().getPath();
    if (path.equals("version") || path.startsWith("openapi/") || path.startsWith(".well-known/")) {
      return;
    }
    boolean pretty = PrettyOutput.wanted(request.getUriInfo().getRequestUri().getRawQuery(),
        request.getHeaderString("User-Agent"));
    response.setEntity(JsonOutput.of(body, pretty));
  }

  private static boolean json(MediaType type) {
    return type != null && type.getType().equals("application") && type.getSubtype().equals("json");
  }
}
