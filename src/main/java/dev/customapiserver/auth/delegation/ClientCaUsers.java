package dev.customapiserver.auth.delegation;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.auth.requestheader.ClientCertificates;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;

/**
 * kube's x509 authenticator over a client CA that may change (the ConfigMap's {@code client-ca-file}):
 * a client certificate chaining to it names the user (CN) and groups (O); one that does not is
 * rejected; no certificate or no CA (yet) leaves the request to the others.
 */
public final class ClientCaUsers implements Authenticator {
  private final Supplier<List<X509Certificate>> ca;
  private final Clock clock;

  public ClientCaUsers(Supplier<List<X509Certificate>> ca, Clock clock) {
    this.ca = ca;
    this.clock = clock;
  }

  @Override
  public Result authenticate(Credentials credentials) {
    List<X509Certificate> roots = ca.get();
    if (credentials.clientCertificates().isEmpty() || roots.isEmpty()) {
      return Result.notRecognized();
    }
    Optional<String> invalid = ClientCertificates.verify(credentials.clientCertificates(), roots, clock.instant());
    if (invalid.isPresent()) {
      return Result.rejected(invalid.get());
    }
    X500Principal subject = credentials.clientCertificates().get(0).getSubjectX500Principal();
    X500Name name = X500Name.getInstance(subject.getEncoded());
    RDN[] cns = name.getRDNs(BCStyle.CN);
    String user = cns.length == 0 ? "" : IETFUtils.valueToString(cns[cns.length - 1].getFirst().getValue());
    List<String> groups = new ArrayList<>();
    for (RDN o : name.getRDNs(BCStyle.O)) {
      groups.add(IETFUtils.valueToString(o.getFirst().getValue()));
    }
    return new Result.Authenticated(new UserInfo(user, "", groups, Map.of()));
  }
}
