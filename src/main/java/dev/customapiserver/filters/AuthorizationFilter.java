package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.request.AuditAnnotations;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * Asks the {@link Authorizer} whether the request's user (the impersonated one if any) may do what
 * its {@link dev.customapiserver.request.RequestInfo} says; a denial is a 403 Status worded as
 * kube-apiserver's ({@code foos.g "x" is forbidden: User "u" cannot get resource "foos" in API
 * group "g" in the namespace "ns"}); an authorizer that failed to decide (its webhook unreachable)
 * makes it a 500 InternalError naming what failed, worded as kube's ({@code Internal Server Error:
 * "<request URI>": Post "<webhook URL>": ...}; kube sends that text as text/plain, here it is the
 * Status's message). The request's audit events are annotated as kube's: {@code
 * authorization.k8s.io/decision} ({@code allow} / {@code forbid}) and {@code authorization.k8s.io/reason}.
 */
public final class AuthorizationFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  static final String DECISION = "authorization.k8s.io/decision";
  static final String REASON = "authorization.k8s.io/reason";
  private final transient Authorizer authorizer;
  private final transient StatusWriter writer;

  public AuthorizationFilter(Authorizer authorizer, Codecs codecs) {
    this.authorizer = authorizer;
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    RequestContext context = RequestContext.require(request);
    UserInfo user = context.user().orElse(null);
    AuthorizationAttributes attributes = AuthorizationAttributes.of(user, context.info());
    Authorizer.Decision decision = authorizer.authorize(attributes);
    Optional<AuditAnnotations> audit = context.get(AuditAnnotations.class);
    if (decision.allowed()) {
      audit.ifPresent(a -> annotate(a, "allow", decision.reason()));
      chain.doFilter(request, response);
      return;
    }
    if (decision.failed()) {
      audit.ifPresent(a -> a.add(REASON, "internal error"));
      String query = request.getQueryString();
      String uri = request.getRequestURI() + (query == null ? "" : "?" + query);
      Status failed = Errors.internal("authorizing " + uri + ": " + decision.error(), null).status();
      failed.message = "Internal Server Error: \"" + uri + "\": " + decision.error(); // kube's InternalError text
      writer.write(request, response, failed);
      return;
    }
    audit.ifPresent(a -> annotate(a, "forbid", decision.reason()));
    writer.write(request, response, Forbidden.status(attributes, decision.reason()));
  }

  /** kube's audit annotations of the authorization filter: the decision and the authorizer's reason. */
  private static void annotate(AuditAnnotations audit, String decision, String reason) {
    audit.add(DECISION, decision);
    audit.add(REASON, reason);
  }
}
