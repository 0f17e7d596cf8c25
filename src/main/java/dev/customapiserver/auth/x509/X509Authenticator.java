package dev.customapiserver.auth.x509;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.auth.requestheader.ClientCertificates;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * kube-apiserver's {@code --client-ca-file} authenticator: a TLS client certificate that verifies
 * against the CA bundle (valid now, chaining to one of the CAs, client-auth usage) names the user by
 * its subject's common name and the groups by its organization entries, in order. No certificate, or
 * one without a CN, is left to the other authenticators; one that does not verify is rejected (401).
 */
public final class X509Authenticator implements Authenticator {
  private final List<X509Certificate> roots;
  private final Clock clock;

  public X509Authenticator(List<X509Certificate> roots, Clock clock) {
    if (roots.isEmpty()) {
      throw new IllegalArgumentException("a client CA bundle needs at least one certificate");
    }
    this.roots = List.copyOf(roots);
    this.clock = clock;
  }

  @Override
  public Result authenticate(Credentials credentials) {
    List<X509Certificate> chain = credentials.clientCertificates();
    if (chain.isEmpty()) {
      return Result.notRecognized();
    }
    Optional<String> problem = ClientCertificates.verify(chain, roots, clock.instant());
    if (problem.isPresent()) {
      return Result.rejected("verifying certificate " + SubjectNames.describe(chain.get(0)) + " failed: " + problem.get());
    }
    SubjectNames subject = SubjectNames.of(chain.get(0));
    if (subject.commonName().isEmpty()) {
      return Result.notRecognized();
    }
    return new Result.Authenticated(new UserInfo(subject.commonName(), "", subject.organizations(), Map.of()));
  }
}
