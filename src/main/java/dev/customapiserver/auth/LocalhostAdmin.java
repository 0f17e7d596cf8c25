package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;

/**
 * Seed 000's {@code --authn-allow-localhost}: a request that presents no credentials at all over a
 * connection from a loopback address is the local administrator, {@code system:unsecured} in {@code
 * system:masters} (the user kube-apiserver's removed insecure port gave every request). Put last in
 * the chain, so credentials that are presented are judged as usual (a bad token stays 401). The peer is
 * the connection's, never a proxy header's.
 */
public final class LocalhostAdmin implements Authenticator {
  /** The user of such requests, as kube-apiserver's insecure port named it. */
  public static final UserInfo USER = UserInfo.of("system:unsecured", SystemGroups.MASTERS);

  @Override
  public Result authenticate(Credentials credentials) {
    return credentials.loopbackPeer() && credentials.empty() ? new Result.Authenticated(USER) : Result.notRecognized();
  }
}
