package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.auth.RequestUser;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;

/**
 * Reads the request's {@link Credentials} (the {@link BearerToken} of {@code Authorization}, else on a
 * WebSocket handshake the {@link WebSocketProtocolToken subprotocol token}; the TLS client certificate
 * chain the container verified the possession of) and asks the {@link AuthenticationChain}. The user
 * goes into the {@link RequestContext} (and the {@link RequestUser} attribute the API reads); no user
 * is 401 with kube's Unauthorized Status, answered by the {@link Failed} handler (which the audit
 * decorates, as kube's {@code WithFailedAuthenticationAudit}). A consumed bearer token is hidden from
 * what follows.
 */
public final class AuthenticationFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  /** The servlet attribute a container puts the client certificate chain in. */
  static final String CERTIFICATES_ATTRIBUTE = "jakarta.servlet.request.X509Certificate";
  private final transient AuthenticationChain authenticator;
  private final transient Failed failed;

  /** Answers a request whose credentials were not accepted with {@code status} (the 401). */
  @FunctionalInterface
  public interface Failed {
    void answer(HttpServletRequest request, HttpServletResponse response, Status status) throws IOException;
  }

  public AuthenticationFilter(AuthenticationChain authenticator, Codecs codecs) {
    this(authenticator, writeStatus(codecs));
  }

  public AuthenticationFilter(AuthenticationChain authenticator, Failed failed) {
    this.authenticator = authenticator;
    this.failed = failed;
  }

  /** The plain failed handler: the Status as the JSON response. */
  public static Failed writeStatus(Codecs codecs) {
    StatusWriter writer = new StatusWriter(codecs);
    return (request, response, status) -> writer.write(request, response, status);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    BearerToken bearer = BearerToken.of(request.getHeader("Authorization"));
    bearer.warning().ifPresent(w -> response.addHeader("Warning", "299 - \"" + w + "\""));
    Optional<String> token = bearer.token();
    boolean invalidOffer = false;
    if (token.isEmpty()) {
      WebSocketProtocolToken.Offer offer = WebSocketProtocolToken.of(request);
      invalidOffer = offer.invalid();
      token = offer.token();
    }
    Optional<UserInfo> user = authenticator.authenticate(new Credentials(token, certificates(request), invalidOffer,
        new ServletHeaders(request), loopback(request.getRemoteAddr())));
    if (user.isEmpty()) {
      failed.answer(request, response, Errors.unauthorized().status());
      return;
    }
    RequestContext.require(request).authenticatedUser(user.get());
    RequestUser.set(request, user.get());
    boolean consumed = bearer.token().isPresent() && !user.get().equals(AuthenticationChain.ANONYMOUS);
    chain.doFilter(consumed ? new HiddenHeaders(request, "Authorization"::equalsIgnoreCase) : request, response);
  }

  /**
   * Whether the connection's peer ({@code getRemoteAddr}: the socket's, as no forwarded-header
   * customizer is installed) is a loopback address; an address that is not an IP literal is not.
   */
  static boolean loopback(String remoteAddr) {
    if (remoteAddr == null || !(remoteAddr.matches("\\d{1,3}(\\.\\d{1,3}){3}")
        || remoteAddr.matches("\\[?[0-9a-fA-F.:]*:[0-9a-fA-F.:]*(%[0-9A-Za-z_.-]+)?]?"))) {
      return false;
    }
    String literal = remoteAddr.startsWith("[") && remoteAddr.endsWith("]")
        ? remoteAddr.substring(1, remoteAddr.length() - 1) : remoteAddr;
    try {
      return InetAddress.getByName(literal).isLoopbackAddress(); // an IP literal: no name lookup
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static List<X509Certificate> certificates(HttpServletRequest request) {
    return request.getAttribute(CERTIFICATES_ATTRIBUTE) instanceof X509Certificate[] chain ? List.of(chain) : List.of();
  }
}
