package dev.customapiserver.server.datadir;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.crypto.spec.PBEParameterSpec;

/**
 * What HTTPS serves with: a private key, its certificate chain (leaf first), and the certificate a
 * client should trust (written into the kubeconfig).
 */
public record ServingIdentity(PrivateKey privateKey, List<X509Certificate> chain, X509Certificate trustAnchor) {
  public ServingIdentity {
    chain = List.copyOf(chain);
  }

  /**
   * The identity in user-given PEM files ({@code --tls-cert-file}, {@code --tls-private-key-file});
   * the last certificate of the file is the one clients are told to trust.
   */
  public static ServingIdentity fromFiles(Path certFile, Path keyFile) {
    List<X509Certificate> chain = Pem.readCertificates(certFile);
    return new ServingIdentity(Pem.readPrivateKey(keyFile), chain, chain.get(chain.size() - 1));
  }

  /** The leaf certificate. */
  public X509Certificate certificate() {
    return chain.get(0);
  }

  /**
   * An in-memory PKCS#12 key store holding the key under alias {@code apiserver}. The store never
   * leaves memory, so the key is wrapped with a single PBKDF2 iteration instead of the default 10,000
   * (which cost a noticeable part of an embedded server's start, twice: to wrap and to unwrap).
   */
  public KeyStore keyStore(char[] password) {
    try {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, password);
      byte[] salt = new byte[16];
      new SecureRandom().nextBytes(salt);
      ks.setEntry("apiserver", new KeyStore.PrivateKeyEntry(privateKey, chain.toArray(new Certificate[0])),
          new KeyStore.PasswordProtection(password, "PBEWithHmacSHA256AndAES_256",
              new PBEParameterSpec(salt, 1)));
      return ks;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot build the TLS key store: " + e.getMessage(), e);
    }
  }

  /** The trust anchor as PEM, for kubeconfig's certificate-authority-data. */
  public String trustAnchorPem() {
    return Pem.encode(List.of(trustAnchor));
  }
}
