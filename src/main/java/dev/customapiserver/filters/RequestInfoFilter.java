package dev.customapiserver.filters;

import dev.customapiserver.request.RequestContext;
import dev.customapiserver.request.RequestInfo;
import dev.customapiserver.request.RequestInfoResolver;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.UUID;

/**
 * Reads what the request asks once ({@link RequestInfoResolver}) and opens its {@link
 * RequestContext}, which every later stage reads instead of re-parsing the URL. Gives the request its
 * audit ID as kube-apiserver does: the client's {@code Audit-ID} header if it sent one, else a new
 * UUID, echoed in the {@code Audit-Id} response header.
 */
public final class RequestInfoFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  static final String AUDIT_ID_HEADER = "Audit-Id";
  private final transient Clock clock;

  public RequestInfoFilter(Clock clock) {
    this.clock = clock;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    RequestInfo info = RequestInfoResolver.resolve(request.getMethod(), RequestPaths.of(request), request.getQueryString());
    String sent = request.getHeader(AUDIT_ID_HEADER);
    String auditId = sent == null || sent.isBlank() ? UUID.randomUUID().toString() : sent.trim();
    RequestContext.attach(request, new RequestContext(info, auditId, clock.instant()));
    response.setHeader(AUDIT_ID_HEADER, auditId);
    chain.doFilter(request, response);
  }
}
