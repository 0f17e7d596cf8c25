package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import jakarta.servlet.ServletRequest;
import java.util.Optional;

/**
 * The authenticated user travels with the request as the servlet request attribute {@link
 * #ATTRIBUTE} (in JAX-RS: {@code ContainerRequestContext.getProperty(RequestUser.ATTRIBUTE)}), set by
 * the authentication filter before anything else sees the request. Never a thread-local: watch
 * streams outlive the request thread.
 */
public final class RequestUser {
  public static final String ATTRIBUTE = UserInfo.REQUEST_ATTRIBUTE;

  private RequestUser() {}

  public static void set(ServletRequest request, UserInfo user) {
    request.setAttribute(ATTRIBUTE, user);
  }

  /** The user, if the request passed authentication. */
  public static Optional<UserInfo> of(ServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof UserInfo u ? Optional.of(u) : Optional.empty();
  }
}
