package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.metrics.ApiServerMetrics;
import dev.customapiserver.metrics.RequestLabels;
import dev.customapiserver.request.Deadline;
import dev.customapiserver.request.LongRunning;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.request.RequestInfo;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.JsonOutput;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * kube-apiserver's request timeouts. A request not answered within {@code --request-timeout} (or the
 * shorter {@code ?timeout=} it asks for) gets the 504 of kube's timeout filter, as that filter writes
 * it: "Timeout: request did not complete within the allotted timeout", a Status without kind and
 * apiVersion, as text/plain. A create, update, patch or delete of a resource has kube's upper bound
 * of 34 s besides (its handlers' requestTimeoutUpperBound): when that comes first, the 504 is the
 * handler's, "Timeout: request did not complete within requested timeout - context deadline
 * exceeded", a whole Status. Whatever the handler writes afterwards is discarded, and its {@link
 * Deadline} tells it to start no write. Long-running requests have their own timeouts (watches:
 * {@code --min-request-timeout}). A malformed {@code timeout} is 400 as in kube.
 */
public final class TimeoutFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(TimeoutFilter.class.getName());
  /** The timeout filter's words (kube's WithTimeoutForNonLongRunningRequests). */
  static final String MESSAGE = "request did not complete within the allotted timeout";
  /** A write handler's words when its own bound expires first (kube's finisher). */
  static final String HANDLER_MESSAGE = "request did not complete within requested timeout - context deadline exceeded";
  /** kube's requestTimeoutUpperBound for create, update, patch and delete. */
  static final Duration WRITE_UPPER_BOUND = Duration.ofSeconds(34);
  private static final Set<String> BOUNDED_VERBS = Set.of("create", "update", "patch", "delete");
  private static final Pattern TIMEOUT_PARAM = Pattern.compile("(?:^|&)timeout=([^&]*)");
  private static final Pattern GO_DURATION = Pattern.compile("((\\d+(?:\\.\\d+)?)(h|ms|m|s))+");
  private static final Pattern GO_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|m|s)");
  private final Duration timeout;
  private final Duration writeBound;
  private final transient ApiServerMetrics metrics;
  private final transient StatusWriter writer;
  private final transient Codecs codecs;
  private final transient ScheduledThreadPoolExecutor timer = timer();

  public TimeoutFilter(Duration timeout, ApiServerMetrics metrics, Codecs codecs) {
    this(timeout, WRITE_UPPER_BOUND, metrics, codecs);
  }

  /** With another bound for writes than kube's 34 s (tests). */
  public TimeoutFilter(Duration timeout, Duration writeBound, ApiServerMetrics metrics, Codecs codecs) {
    this.timeout = timeout;
    this.writeBound = writeBound;
    this.metrics = metrics;
    this.writer = new StatusWriter(codecs);
    this.codecs = codecs;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    RequestContext context = RequestContext.require(request);
    RequestInfo info = context.info();
    if (LongRunning.is(info) || timeout.isZero()) {
      chain.doFilter(request, response);
      return;
    }
    Duration limit = timeout;
    String asked = asked(request.getQueryString());
    if (asked != null) {
      Duration d = parse(asked);
      if (d == null) {
        writer.write(request, response, Errors.badRequest("invalid timeout specified in the request URL").status());
        return;
      }
      if (d.compareTo(limit) < 0) {
        limit = d;
      }
    }
    boolean handlerBound = info.resourceRequest() && BOUNDED_VERBS.contains(info.verb())
        && writeBound.compareTo(limit) < 0;
    Duration fires = handlerBound ? writeBound : limit;
    String limitText = fires.toString();
    Deadline deadline = new Deadline();
    context.put(Deadline.class, deadline);
    TimeoutResponse guarded = new TimeoutResponse(response);
    ScheduledFuture<?> alarm = timer.schedule(() -> {
      deadline.expire();
      boolean answered = guarded.expire(real -> {
        real.setHeader(RequestInfoFilter.AUDIT_ID_HEADER, context.auditId());
        if (handlerBound) {
          writer.write(request, real, Errors.timeout(HANDLER_MESSAGE, 0).status());
        } else {
          writeAsTimeoutFilter(real);
        }
      });
      if (answered) {
        LOG.log(System.Logger.Level.WARNING, "Request timed out after {0}: {1} {2}", limitText, request.getMethod(),
            request.getRequestURI(), context);
        if (!handlerBound) {
          metrics.terminated(RequestLabels.of(info, request.getContentType(), request.getQueryString()), 504, "timeout");
        }
      }
    }, fires.toNanos(), TimeUnit.NANOSECONDS);
    try {
      chain.doFilter(request, guarded);
    } finally {
      alarm.cancel(false);
      guarded.finish();
    }
  }

  /**
   * As kube's timeout filter writes its 504: Go's {@code json.NewEncoder(w).Encode(&status)} of the
   * Status without its type (no kind, no apiVersion) and with a newline, and no content type of its
   * own, so Go's server sniffs {@code text/plain; charset=utf-8}.
   */
  private void writeAsTimeoutFilter(HttpServletResponse real) throws IOException {
    Status status = Errors.timeout(MESSAGE, 0).status();
    status.kind = null;
    status.apiVersion = null;
    status.details = new Status.Details();
    byte[] body = JsonOutput.withNewline(codecs.toJson(status));
    real.setStatus(HttpServletResponse.SC_GATEWAY_TIMEOUT);
    real.setContentType("text/plain; charset=utf-8");
    real.setHeader("Cache-Control", "no-cache, private");
    real.setContentLength(body.length);
    real.getOutputStream().write(body);
  }

  /**
   * One timer thread; a request answered in time cancels its alarm, which leaves the queue at once
   * (not after the whole timeout, which kept a minute of finished requests' alarms queued).
   */
  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread thread = new Thread(r, "request-timeout");
      thread.setDaemon(true);
      return thread;
    });
    t.setRemoveOnCancelPolicy(true);
    return t;
  }

  private static String asked(String query) {
    if (query == null || !query.contains("timeout=")) {
      return null;
    }
    return askedIn(query);
  }

  private static String askedIn(String query) {
    Matcher m = TIMEOUT_PARAM.matcher(query);
    return m.find() ? URLDecoder.decode(m.group(1), StandardCharsets.UTF_8) : null;
  }

  /** A Go duration such as {@code 30s}, {@code 1m30s}, {@code 500ms}; null when malformed. */
  static Duration parse(String s) {
    if (!GO_DURATION.matcher(s).matches()) {
      return null;
    }
    double nanos = 0;
    Matcher m = GO_PART.matcher(s);
    while (m.find()) {
      double n = Double.parseDouble(m.group(1));
      nanos += n * switch (m.group(2)) {
        case "h" -> 3_600e9;
        case "m" -> 60e9;
        case "s" -> 1e9;
        default -> 1e6;
      };
    }
    return Duration.ofNanos((long) nanos);
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
  }
}
