package dev.customapiserver.webhookclient;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** The TLS context a webhook is called with: trusting exactly its {@code caBundle}, or the system roots when empty. */
public final class TlsTrust {
  private TlsTrust() {}

  /**
   * @param caBundle base64 of PEM certificates, as in {@code clientConfig.caBundle}; null or empty: system roots
   * @throws WebhookCallException if the bundle holds no certificate
   */
  public static SSLContext forBundle(String caBundle) {
    try {
      if (caBundle == null || caBundle.isEmpty()) {
        return SSLContext.getDefault();
      }
      Collection<? extends Certificate> certs;
      try {
        byte[] pem = Base64.getDecoder().decode(caBundle);
        certs = CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem));
      } catch (IllegalArgumentException | GeneralSecurityException e) {
        certs = List.of();
      }
      if (certs.isEmpty()) {
        throw new WebhookCallException("could not get REST client: unable to load root certificates: unable to parse bytes as PEM block");
      }
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      int i = 0;
      for (Certificate c : certs) {
        trust.setCertificateEntry("ca-" + i++, c);
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (GeneralSecurityException | IOException e) {
      throw new WebhookCallException("could not get REST client: " + e.getMessage(), e);
    }
  }
}
