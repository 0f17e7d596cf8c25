package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.flowcontrol.FairLimiter;
import dev.customapiserver.metrics.ApiServerMetrics;
import dev.customapiserver.metrics.RequestLabels;
import dev.customapiserver.request.LongRunning;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.request.RequestInfo;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;

/**
 * kube-apiserver's max-in-flight limits: read-only and mutating requests each take a seat of their
 * {@link FairLimiter}; one that gets none is answered 429 {@code TooManyRequests} with {@code
 * Retry-After: 1}. Long-running requests (watches, exec-like), members of {@code system:masters} and
 * the health probes are not limited. With fairness the flow is the user, so each user has its own
 * queue.
 */
public final class MaxInFlightFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final Set<String> PROBES = Set.of("/healthz", "/livez", "/readyz");
  static final String MESSAGE = "Too many requests, please try again later.";
  private final transient FairLimiter readOnly;
  private final transient FairLimiter mutating;
  private final transient ApiServerMetrics metrics;
  private final transient StatusWriter writer;

  public MaxInFlightFilter(FairLimiter readOnly, FairLimiter mutating, ApiServerMetrics metrics, Codecs codecs) {
    this.readOnly = readOnly;
    this.mutating = mutating;
    this.metrics = metrics;
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    RequestContext context = RequestContext.require(request);
    RequestInfo info = context.info();
    if (LongRunning.is(info) || probe(info) || context.user().map(u -> u.groups().contains("system:masters")).orElse(false)) {
      chain.doFilter(request, response);
      return;
    }
    FairLimiter limiter = info.readOnly() ? readOnly : mutating;
    boolean admitted;
    try {
      admitted = limiter.acquire(context.user().map(UserInfo::name).orElse("system:anonymous"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      admitted = false;
    }
    if (!admitted) {
      metrics.terminated(RequestLabels.of(info, request.getContentType(), request.getQueryString()), 429,
          "queue-full");
      response.setHeader("Retry-After", "1");
      writer.write(request, response, Errors.tooManyRequests(MESSAGE, 1).status());
      return;
    }
    try {
      chain.doFilter(request, response);
    } finally {
      limiter.release();
    }
  }

  private static boolean probe(RequestInfo info) {
    if (info.resourceRequest()) {
      return false;
    }
    String p = info.path();
    int slash = p.indexOf('/', 1);
    return PROBES.contains(slash < 0 ? p : p.substring(0, slash));
  }
}
