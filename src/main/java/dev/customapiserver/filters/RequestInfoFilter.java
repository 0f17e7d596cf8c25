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
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reads what the request asks once ({@link RequestInfoResolver}) and opens its {@link
 * RequestContext}, which every later stage reads instead of re-parsing the URL. Gives the request its
 * audit ID as kube-apiserver does: the client's {@code Audit-ID} header if it sent one, else a new
 * UUID, echoed in the {@code Audit-Id} response header. Every answer is {@code Cache-Control: no-cache,
 * private} unless its handler says otherwise (kube's WithCacheControl).
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
    String auditId = sent == null || sent.isBlank() ? newAuditId() : sent.trim();
    RequestContext.attach(request, new RequestContext(info, auditId, clock.instant()));
    response.setHeader(AUDIT_ID_HEADER, auditId);
    if (!response.containsHeader("Cache-Control")) {
      response.setHeader("Cache-Control", "no-cache, private");
    }
    chain.doFilter(request, response);
  }

  /**
   * A random (version 4) UUID as kube's {@code uuid.New()}; an audit ID needs to be unique, not
   * unguessable, so it is drawn from the thread's fast generator instead of the shared SecureRandom
   * that {@link UUID#randomUUID} locks.
   */
  static String newAuditId() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long high = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
    long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // IETF variant
    return new UUID(high, low).toString();
  }
}
