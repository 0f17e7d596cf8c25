package dev.customapiserver.auth.requestheader;

import java.security.GeneralSecurityException;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertStore;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.CertificateParsingException;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Verifies a client's certificate chain against a CA bundle for client authentication, as Go's
 * {@code x509.Certificate.Verify} with {@code ExtKeyUsageClientAuth} does for kube: the leaf must be
 * valid now, chain to one of the CAs (the other presented certificates serving as intermediates)
 * and, if it names extended key usages, allow client authentication. Revocation is not checked.
 */
public final class ClientCertificates {
  private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
  private static final String ANY_USAGE = "2.5.29.37.0";

  private ClientCertificates() {}

  /** Empty if {@code chain} (leaf first) verifies against {@code roots} at {@code now}; else Go's wording of why not. */
  public static Optional<String> verify(List<X509Certificate> chain, List<X509Certificate> roots, Instant now) {
    if (chain.isEmpty()) {
      return Optional.of("x509: no certificate presented");
    }
    X509Certificate leaf = chain.get(0);
    try {
      leaf.checkValidity(Date.from(now));
    } catch (CertificateExpiredException | CertificateNotYetValidException e) {
      return Optional.of("x509: certificate has expired or is not yet valid: " + e.getMessage());
    }
    try {
      List<String> usages = leaf.getExtendedKeyUsage();
      if (usages != null && !usages.contains(CLIENT_AUTH) && !usages.contains(ANY_USAGE)) {
        return Optional.of("x509: certificate specifies an incompatible key usage");
      }
    } catch (CertificateParsingException e) {
      return Optional.of("x509: malformed extended key usage");
    }
    if (roots.stream().anyMatch(leaf::equals)) {
      return Optional.empty();
    }
    try {
      Set<TrustAnchor> anchors = roots.stream().map(r -> new TrustAnchor(r, null)).collect(Collectors.toSet());
      X509CertSelector target = new X509CertSelector();
      target.setCertificate(leaf);
      PKIXBuilderParameters params = new PKIXBuilderParameters(anchors, target);
      params.setRevocationEnabled(false);
      params.setDate(Date.from(now));
      params.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(chain)));
      CertPathBuilder.getInstance("PKIX").build(params);
      return Optional.empty();
    } catch (GeneralSecurityException e) {
      return Optional.of("x509: certificate signed by unknown authority");
    }
  }
}
