package dev.customapiserver.server;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.Authorizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What running behind kube-apiserver (or beside webhooks) adds to the server's own security: the
 * front-proxy authenticator asked first, token webhooks asked last, a delegated authorizer asked
 * before the local ones, and the background work (following the cluster's ConfigMap) that keeps
 * them current.
 */
final class Delegation implements AutoCloseable {
  private final List<Authenticator> first;
  private final List<Authenticator> last;
  private final Optional<Authorizer> authorizer;
  private final List<Runnable> starters;
  private final List<AutoCloseable> closers;

  Delegation(List<Authenticator> first, List<Authenticator> last, Optional<Authorizer> authorizer,
      List<Runnable> starters, List<AutoCloseable> closers) {
    this.first = List.copyOf(first);
    this.last = List.copyOf(last);
    this.authorizer = authorizer;
    this.starters = List.copyOf(starters);
    this.closers = new ArrayList<>(closers);
  }

  /** The server's own chain with the delegated authenticators around it. */
  AuthenticationChain authentication(AuthenticationChain local) {
    return first.isEmpty() && last.isEmpty() ? local : local.around(first, last);
  }

  /** The delegated authorizer first, then the server's own (as sample-apiserver, whose only authorizer it is). */
  Authorizer authorization(Authorizer local) {
    return authorizer.map(a -> Authorizer.firstOpinion(a, local)).orElse(local);
  }

  void start() {
    starters.forEach(Runnable::run);
  }

  @Override
  public void close() {
    for (AutoCloseable c : closers) {
      try {
        c.close();
      } catch (Exception e) {
        System.getLogger(Delegation.class.getName()).log(System.Logger.Level.WARNING, "closing delegation", e);
      }
    }
  }
}
