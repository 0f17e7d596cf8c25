package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * kube-apiserver's request authenticator: the union of the configured authenticators (x509 client
 * certificates, then bearer tokens), where the first that names a user wins; every user it returns
 * is in {@code system:authenticated}. If none recognises the credentials the request is {@code
 * system:anonymous} in {@code system:unauthenticated} when {@code --anonymous-auth} is on; if some
 * rejected them and none accepted, the answer is 401 (kube's fail-on-error before anonymous).
 */
public final class AuthenticationChain {
  /** The user of requests without credentials. */
  public static final UserInfo ANONYMOUS = UserInfo.of(SystemGroups.ANONYMOUS_USER, SystemGroups.UNAUTHENTICATED);
  private final List<Authenticator> authenticators;
  private final boolean anonymous;

  public AuthenticationChain(List<Authenticator> authenticators, boolean anonymous) {
    this.authenticators = List.copyOf(authenticators);
    this.anonymous = anonymous;
  }

  /** Bearer tokens from {@code tokens} (in order), with anonymous requests allowed, as kube's default. */
  public static AuthenticationChain ofTokens(List<TokenAuthenticator> tokens) {
    return new AuthenticationChain(List.of(bearerTokens(tokens)), true);
  }

  /** kube's bearer-token authenticator over a union of token authenticators. */
  public static Authenticator bearerTokens(List<TokenAuthenticator> tokens) {
    return new BearerTokens(tokens);
  }

  /**
   * kube's request-header authenticator (a front proxy vouching with its client certificate), to be
   * put first in the chain.
   */
  public static Authenticator frontProxy(RequestHeaderAuthenticator requestHeader) {
    return new FrontProxy(requestHeader);
  }

  /**
   * This chain with {@code first} asked before its authenticators and {@code last} after them (kube's
   * order: front proxy, client certificates, token file, token webhooks), anonymous as before.
   */
  public AuthenticationChain around(List<Authenticator> first, List<Authenticator> last) {
    List<Authenticator> all = new ArrayList<>(first);
    all.addAll(authenticators);
    all.addAll(last);
    return new AuthenticationChain(all, anonymous);
  }

  /** The user, or empty: 401 Unauthorized. */
  public Optional<UserInfo> authenticate(Credentials credentials) {
    boolean rejected = false;
    for (Authenticator a : authenticators) {
      Authenticator.Result r = a.authenticate(credentials);
      if (r instanceof Authenticator.Result.Authenticated ok) {
        return Optional.of(withAuthenticated(ok.user()));
      }
      rejected |= r instanceof Authenticator.Result.Rejected;
    }
    return !rejected && anonymous ? Optional.of(ANONYMOUS) : Optional.empty();
  }

  /** Whether requests without credentials pass as {@code system:anonymous}. */
  public boolean anonymousAllowed() {
    return anonymous;
  }

  static UserInfo withAuthenticated(UserInfo u) {
    if (u.groups().contains(SystemGroups.AUTHENTICATED)) {
      return u;
    }
    List<String> groups = new ArrayList<>(u.groups());
    groups.add(SystemGroups.AUTHENTICATED);
    return new UserInfo(u.name(), u.uid(), groups, u.extra());
  }
}
