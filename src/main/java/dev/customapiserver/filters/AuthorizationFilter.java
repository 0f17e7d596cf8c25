package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.RequestUser;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Asks the {@link Authorizer} about every authenticated request; a denial is a 403 Status worded as
 * kube-apiserver's ({@code foos.g "x" is forbidden: User "u" cannot get resource "foos" in API
 * group "g" in the namespace "ns"}). Runs after {@link AuthenticationFilter}.
 */
public final class AuthorizationFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient Authorizer authorizer;
  private final transient StatusWriter writer;

  public AuthorizationFilter(Authorizer authorizer, Codecs codecs) {
    this.authorizer = authorizer;
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    UserInfo user = RequestUser.of(request).orElse(null);
    AuthorizationAttributes attributes = RequestInfo.parse(user, request.getMethod(), RequestPaths.of(request),
        query(request.getQueryString()));
    Authorizer.Decision decision = authorizer.authorize(attributes);
    if (decision.allowed()) {
      chain.doFilter(request, response);
      return;
    }
    writer.write(response, forbidden(attributes, decision.reason()));
  }

  /** The query's first values, read from the query string only (never from a form body). */
  static Map<String, String> query(String queryString) {
    Map<String, String> query = new HashMap<>();
    if (queryString != null) {
      for (String pair : queryString.split("&")) {
        int eq = pair.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        query.putIfAbsent(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return query;
  }

  static Status forbidden(AuthorizationAttributes a, String reason) {
    String why = reason.isEmpty() ? a.forbiddenMessage() : a.forbiddenMessage() + ": " + reason;
    if (a.resourceRequest() && !a.resource().isEmpty()) {
      return Errors.forbidden(new Errors.Resource(a.apiGroup(), a.resource()), a.name(), why).status();
    }
    Status s = Errors.forbidden(new Errors.Resource("", "forbidden"), "", why).status();
    s.message = "forbidden: " + why;
    s.details = new Status.Details();
    return s;
  }
}
