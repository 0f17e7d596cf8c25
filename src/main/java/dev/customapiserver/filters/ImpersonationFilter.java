package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.RequestUser;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * kube-apiserver's impersonation: {@code Impersonate-User}, {@code Impersonate-Group} (repeatable),
 * {@code Impersonate-Uid} and {@code Impersonate-Extra-<key>} make the request act as another user.
 * Each part is authorized for the authenticated user with the verb {@code impersonate} on {@code
 * users}, {@code groups}, {@code serviceaccounts} (core group), {@code uids} or {@code
 * userextras/<key>} ({@code authentication.k8s.io}); the first denial is kube's 403. Groups, UID or
 * extras without a user are refused with 400. The impersonated user goes into the {@link
 * RequestContext} and the {@link RequestUser} attribute; the headers are hidden from what follows.
 */
public final class ImpersonationFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  static final String PREFIX = "impersonate-";
  private final transient Authorizer authorizer;
  private final transient StatusWriter writer;

  public ImpersonationFilter(Authorizer authorizer, Codecs codecs) {
    this.authorizer = authorizer;
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Optional<ImpersonationRequest> asked;
    try {
      asked = ImpersonationRequest.of(request);
    } catch (IllegalArgumentException e) {
      writer.write(request, response, Errors.badRequest(e.getMessage()).status());
      return;
    }
    if (asked.isEmpty()) {
      chain.doFilter(request, response);
      return;
    }
    RequestContext context = RequestContext.require(request);
    UserInfo requester = context.authenticatedUser().orElseThrow();
    for (AuthorizationAttributes step : asked.get().checks(requester, context.info().path())) {
      Authorizer.Decision d = authorizer.authorize(step);
      if (!d.allowed()) {
        writer.write(request, response, Forbidden.status(step, d.reason()));
        return;
      }
    }
    UserInfo actingAs = asked.get().user();
    context.impersonatedUser(actingAs);
    RequestUser.set(request, actingAs);
    chain.doFilter(new HiddenHeaders(request, h -> h.toLowerCase(Locale.ROOT).startsWith(PREFIX)), response);
  }
}
