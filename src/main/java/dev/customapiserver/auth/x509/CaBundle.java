package dev.customapiserver.auth.x509;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;

/** Reads a PEM bundle of CA certificates, as {@code --client-ca-file} names one. */
public final class CaBundle {
  private CaBundle() {}

  /** Every certificate in {@code file}; at least one. @throws IllegalArgumentException naming the file */
  public static List<X509Certificate> read(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      List<X509Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
          .map(X509Certificate.class::cast).toList();
      if (certs.isEmpty()) {
        throw new IllegalArgumentException(file + " holds no certificate");
      }
      return certs;
    } catch (IOException | CertificateException e) {
      throw new IllegalArgumentException("cannot read the CA bundle " + file + ": " + e.getMessage(), e);
    }
  }
}
