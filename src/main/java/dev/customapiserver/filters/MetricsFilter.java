package dev.customapiserver.filters;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.metrics.ApiServerMetrics;
import dev.customapiserver.metrics.RequestLabels;
import dev.customapiserver.request.LongRunning;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.request.RequestInfo;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Counts every request and its latency under kube's names ({@code apiserver_request_total},
 * {@code apiserver_request_duration_seconds}), keeps {@code apiserver_current_inflight_requests}
 * (readOnly / mutating) and {@code apiserver_longrunning_requests}, and the authentication outcome.
 * A request that goes async (a watch stream) is recorded when it completes.
 */
public final class MetricsFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient ApiServerMetrics metrics;

  public MetricsFilter(ApiServerMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    RequestContext context = RequestContext.require(request);
    RequestInfo info = context.info();
    RequestLabels labels = RequestLabels.of(info, request.getContentType(), request.getQueryString());
    boolean longRunning = LongRunning.is(info);
    String kind = info.readOnly() ? "readOnly" : "mutating";
    long start = System.nanoTime();
    Runnable done = () -> {
      if (longRunning) {
        metrics.longRunning(labels, -1);
      } else {
        metrics.inflight(kind, -1);
      }
      metrics.request(labels, response.getStatus(), (System.nanoTime() - start) / 1e9);
    };
    if (longRunning) {
      metrics.longRunning(labels, 1);
    } else {
      metrics.inflight(kind, 1);
    }
    boolean async = false;
    try {
      chain.doFilter(request, response);
      if (request.isAsyncStarted()) {
        request.getAsyncContext().addListener(new Completion(done));
        async = true;
      }
    } finally {
      if (!async) {
        done.run();
      }
      authentication(context, response.getStatus());
    }
  }

  private void authentication(RequestContext context, int code) {
    if (code == HttpServletResponse.SC_UNAUTHORIZED) {
      metrics.authentication("failure");
    } else if (context.authenticatedUser().map(UserInfo::name).filter(n -> !n.equals("system:anonymous")).isPresent()) {
      metrics.authentication("success");
    }
  }

  /** Records the request once its async processing ends, whichever way. */
  private record Completion(Runnable done) implements AsyncListener {
    @Override
    public void onComplete(AsyncEvent event) {
      done.run();
    }

    @Override
    public void onTimeout(AsyncEvent event) {}

    @Override
    public void onError(AsyncEvent event) {}

    @Override
    public void onStartAsync(AsyncEvent event) {}
  }
}
