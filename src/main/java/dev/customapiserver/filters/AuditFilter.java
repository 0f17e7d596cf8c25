package dev.customapiserver.filters;

import dev.customapiserver.auth.audit.AuditEvent;
import dev.customapiserver.auth.audit.Auditor;
import dev.customapiserver.auth.audit.Level;
import dev.customapiserver.auth.audit.PolicyEvaluator;
import dev.customapiserver.auth.audit.Stage;
import dev.customapiserver.request.AuditAnnotations;
import dev.customapiserver.request.DecodedRequestObject;
import dev.customapiserver.request.RequestContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * kube-apiserver's audit stage: after authentication, the policy picks the level for the
 * authenticated user and the request; RequestReceived is written at once, ResponseComplete when the
 * response is done (403s and other refusals further in included, with their Status's reason and
 * message), and for watches ResponseStarted when the stream begins and ResponseComplete when it
 * ends. Bodies are captured only when the level asks: the request's from Request, the response's at
 * RequestResponse (never a watch stream's); a failed response's Status always, being small. A
 * request whose credentials were refused never gets here: {@link #failedAuthentication} audits its
 * 401 as kube's {@code WithFailedAuthenticationAudit} does. A body that came as protobuf (or YAML)
 * is logged as the JSON of the object the API decoded from it ({@link DecodedRequestObject}).
 */
public final class AuditFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient Auditor auditor;
  private final transient Clock clock;

  public AuditFilter(Auditor auditor, Clock clock) {
    this.auditor = auditor;
    this.clock = clock;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    RequestContext context = RequestContext.require(request);
    PolicyEvaluator.Decision decision = auditor.decide(context.authenticatedUser().orElse(null), context.info());
    if (decision.level() == Level.NONE) {
      chain.doFilter(request, response);
      return;
    }
    boolean watch = context.info().verb().equals("watch");
    Event event = new Event(request, context, decision);
    event.write(Stage.REQUEST_RECEIVED, 0, null, null);
    TeeRequest teeRequest = decision.level().atLeast(Level.REQUEST) ? new TeeRequest(request) : null;
    context.put(DecodedRequestObject.class, new DecodedRequestObject(teeRequest != null));
    context.put(AuditAnnotations.class, new AuditAnnotations());
    TeeResponse teeResponse = watch ? null : new TeeResponse(response, decision.level() == Level.REQUEST_RESPONSE);
    try {
      chain.doFilter(teeRequest == null ? request : teeRequest, teeResponse == null ? response : teeResponse);
    } catch (IOException | ServletException | RuntimeException | Error e) {
      event.write(Stage.PANIC, 500, teeRequest, null);
      throw e;
    }
    if (request.isAsyncStarted()) {
      event.write(Stage.RESPONSE_STARTED, response.getStatus(), teeRequest, null);
      request.getAsyncContext().addListener(new AsyncListener() {
        @Override
        public void onComplete(AsyncEvent e) {
          event.write(Stage.RESPONSE_COMPLETE, response.getStatus(), teeRequest, teeResponse);
        }

        @Override
        public void onTimeout(AsyncEvent e) {}

        @Override
        public void onError(AsyncEvent e) {}

        @Override
        public void onStartAsync(AsyncEvent e) {}
      });
      return;
    }
    event.write(Stage.RESPONSE_COMPLETE, response.getStatus(), teeRequest, teeResponse);
  }

  /**
   * kube's {@code WithFailedAuthenticationAudit}: {@code failed} (the 401 of a request whose
   * credentials were refused) decorated so that, if the policy selects the request with no user
   * (rules naming users or groups do not match), one event is written when the response starts:
   * stage ResponseStarted, an empty user, the 401 Status as responseStatus (and responseObject at
   * RequestResponse); no RequestReceived or ResponseComplete, as kube.
   */
  public AuthenticationFilter.Failed failedAuthentication(AuthenticationFilter.Failed failed) {
    return (request, response, status) -> {
      RequestContext context = RequestContext.require(request);
      PolicyEvaluator.Decision decision = auditor.decide(null, context.info());
      if (decision.level() == Level.NONE) {
        failed.answer(request, response, status);
        return;
      }
      TeeResponse tee = new TeeResponse(response, decision.level() == Level.REQUEST_RESPONSE);
      failed.answer(request, tee, status);
      new Event(request, context, decision).write(Stage.RESPONSE_STARTED, response.getStatus(), null, tee);
    };
  }

  /** The parts of one request's events that do not change between stages. */
  private final class Event {
    private final RequestContext context;
    private final PolicyEvaluator.Decision decision;
    private final String uri;
    private final List<String> sourceIps;
    private final String userAgent;

    Event(HttpServletRequest request, RequestContext context, PolicyEvaluator.Decision decision) {
      this.context = context;
      this.decision = decision;
      String query = request.getQueryString();
      this.uri = request.getRequestURI() + (query == null ? "" : "?" + query);
      this.sourceIps = sourceIps(request);
      this.userAgent = request.getHeader("User-Agent");
    }

    void write(Stage stage, int code, TeeRequest in, TeeResponse out) {
      if (!decision.records(stage)) {
        return;
      }
      auditor.write(new AuditEvent(context.auditId(), decision.level(), stage, uri, context.info(),
          context.authenticatedUser().orElse(null), context.impersonatedUser().orElse(null), sourceIps, userAgent, code,
          in == null ? null : requestObject(in.captured()), out == null ? null : out.captured(), context.received(),
          clock.instant(), context.get(DecodedRequestObject.class).flatMap(DecodedRequestObject::meta).orElse(null),
          context.get(AuditAnnotations.class).map(AuditAnnotations::snapshot).orElse(Map.of())));
    }

    /** The body if JSON, else the JSON of what the API decoded from it (protobuf, YAML), if it got that far. */
    private byte[] requestObject(byte[] body) {
      if (body == null || body.length == 0 || body[0] == '{') {
        return body;
      }
      return context.get(DecodedRequestObject.class).flatMap(DecodedRequestObject::json).orElse(null);
    }
  }

  /** kube's source IPs: the X-Forwarded-For entries, X-Real-Ip, then the peer address, without repeats. */
  static List<String> sourceIps(HttpServletRequest request) {
    List<String> ips = new ArrayList<>();
    String forwarded = request.getHeader("X-Forwarded-For");
    if (forwarded != null) {
      for (String ip : forwarded.split(",")) {
        if (!ip.isBlank() && !ips.contains(ip.trim())) {
          ips.add(ip.trim());
        }
      }
    }
    String real = request.getHeader("X-Real-Ip");
    if (real != null && !real.isBlank() && !ips.contains(real.trim())) {
      ips.add(real.trim());
    }
    String peer = request.getRemoteAddr();
    if (peer != null && !ips.contains(peer)) {
      ips.add(peer);
    }
    return ips;
  }
}
