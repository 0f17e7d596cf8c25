package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.PublicPaths;
import dev.customapiserver.auth.RequestUser;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.auth.TokenAuthenticator;
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
 * Authenticates the bearer token of every request ({@code Authorization: Bearer}, or on a WebSocket
 * handshake the {@link WebSocketProtocolToken subprotocol token}) and puts the user in the {@link RequestUser}
 * attribute. A request without credentials passes as {@code system:anonymous} only on a {@link
 * PublicPaths public path}; an unknown token, or no token elsewhere, gets 401 Unauthorized.
 */
public final class AuthenticationFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final UserInfo ANONYMOUS = UserInfo.of(SystemGroups.ANONYMOUS_USER, SystemGroups.UNAUTHENTICATED);
  private final transient TokenAuthenticator authenticator;
  private final transient StatusWriter writer;

  public AuthenticationFilter(TokenAuthenticator authenticator, Codecs codecs) {
    this.authenticator = authenticator;
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Optional<String> token = bearerToken(request.getHeader("Authorization"));
    if (token.isEmpty()) {
      WebSocketProtocolToken.Offer offer = WebSocketProtocolToken.of(request);
      if (offer.invalid()) {
        writer.write(response, Errors.unauthorized().status());
        return;
      }
      token = offer.token();
    }
    Optional<UserInfo> user = token.isPresent()
        ? authenticator.authenticate(token.get())
        : Optional.of(ANONYMOUS).filter(a -> PublicPaths.isPublic(RequestPaths.of(request)));
    if (user.isEmpty()) {
      writer.write(response, Errors.unauthorized().status());
      return;
    }
    RequestUser.set(request, user.get());
    chain.doFilter(request, response);
  }

  /** The token of {@code Authorization: Bearer <token>}, as kube reads it. */
  static Optional<String> bearerToken(String header) {
    if (header == null) {
      return Optional.empty();
    }
    String[] parts = header.trim().split(" ", 2);
    if (parts.length < 2 || !parts[0].toLowerCase(Locale.ROOT).equals("bearer")) {
      return Optional.empty();
    }
    String token = parts[1].trim();
    return token.isEmpty() ? Optional.empty() : Optional.of(token);
  }
}
