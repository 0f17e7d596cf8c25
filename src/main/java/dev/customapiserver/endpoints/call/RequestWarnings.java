package dev.customapiserver.endpoints.call;

import dev.customapiserver.endpoints.representation.Encoder;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * Warnings that belong to the request rather than to its result (a deprecated version's), sent as
 * {@code Warning: 299} headers with whatever the response is, errors and watches included, before
 * the handler's own warnings, as kube-apiserver adds them when the request starts.
 */
public final class RequestWarnings implements ContainerResponseFilter {
  private static final String PROPERTY = RequestWarnings.class.getName();

  /** Adds {@code text} to the warnings of the request. */
  @SuppressWarnings("unchecked")
  static void add(ContainerRequestContext request, String text) {
    Object current = request.getProperty(PROPERTY);
    List<String> list = current instanceof List<?> l ? (List<String>) l : new ArrayList<>();
    if (!list.contains(text)) {
      list.add(text);
    }
    request.setProperty(PROPERTY, list);
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(PROPERTY) instanceof List<?> warnings) || warnings.isEmpty()) {
      return;
    }
    List<Object> headers = new ArrayList<>();
    warnings.forEach(w -> headers.add(Encoder.warningHeader(String.valueOf(w))));
    List<Object> existing = response.getHeaders().get("Warning");
    if (existing != null) {
      headers.addAll(existing);
    }
    response.getHeaders().put("Warning", headers);
  }
}
