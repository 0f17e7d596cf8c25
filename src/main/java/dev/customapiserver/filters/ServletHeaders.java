package dev.customapiserver.filters;

import dev.customapiserver.auth.requestheader.RequestHeaders;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.List;

/** A servlet request's headers as the authenticators read them (case-insensitive, one value per line). */
final class ServletHeaders implements RequestHeaders {
  private final HttpServletRequest request;

  ServletHeaders(HttpServletRequest request) {
    this.request = request;
  }

  @Override
  public List<String> names() {
    return Collections.list(request.getHeaderNames());
  }

  @Override
  public List<String> values(String name) {
    return Collections.list(request.getHeaders(name));
  }
}
