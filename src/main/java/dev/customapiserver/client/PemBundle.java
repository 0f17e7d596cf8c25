package dev.customapiserver.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** PEM certificate bundles (CA files, client certificates) and private keys (PKCS#1, SEC1, PKCS#8). */
public final class PemBundle {
  private PemBundle() {}

  /** Every certificate in {@code pem}; at least one. */
  public static List<X509Certificate> certificates(byte[] pem) {
    try {
      List<X509Certificate> certs = CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(pem)).stream().map(X509Certificate.class::cast).toList();
      if (certs.isEmpty()) {
        throw new IllegalArgumentException("no certificate found");
      }
      return certs;
    } catch (CertificateException e) {
      throw new IllegalArgumentException("not a PEM certificate bundle: " + e.getMessage(), e);
    }
  }

  /** Every certificate in {@code pem}. */
  public static List<X509Certificate> certificates(String pem) {
    return certificates(pem.getBytes(StandardCharsets.US_ASCII));
  }

  /** Every certificate in {@code file}; the message names the file when it cannot be read. */
  public static List<X509Certificate> certificates(Path file) {
    try {
      return certificates(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new IllegalArgumentException("error reading " + file + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("error reading " + file + ": " + e.getMessage(), e);
    }
  }

  /** The first private key in {@code pem}. */
  public static PrivateKey privateKey(byte[] pem) {
    try (PEMParser parser = new PEMParser(new StringReader(new String(pem, StandardCharsets.US_ASCII)))) {
      for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
        if (o instanceof PEMKeyPair pair) {
          return privateKey(pair.getPrivateKeyInfo());
        }
        if (o instanceof PrivateKeyInfo info) {
          return privateKey(info);
        }
      }
      throw new IllegalArgumentException("no private key found");
    } catch (IOException e) {
      throw new IllegalArgumentException("not a PEM private key: " + e.getMessage(), e);
    }
  }

  /**
   * The key as the JDK names it: EC keys are "EC" and RSA keys "RSA", whatever security providers the
   * JVM has. BouncyCastle's converter asks for an "ECDSA" key factory, which yields a BouncyCastle key
   * named "ECDSA" as soon as a library in the same JVM has registered BouncyCastle (fabric8 does); a
   * key store then refuses to pair it with an "EC" certificate ("private key algorithm does not match").
   */
  public static PrivateKey privateKey(PrivateKeyInfo info) throws IOException {
    String oid = info.getPrivateKeyAlgorithm().getAlgorithm().getId();
    String algorithm = X9ObjectIdentifiers.id_ecPublicKey.getId().equals(oid) ? "EC"
        : PKCSObjectIdentifiers.rsaEncryption.getId().equals(oid) ? "RSA" : null;
    if (algorithm == null) {
      return new JcaPEMKeyConverter().getPrivateKey(info);
    }
    try {
      return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(info.getEncoded()));
    } catch (GeneralSecurityException e) {
      throw new IOException("unusable " + algorithm + " private key: " + e.getMessage(), e);
    }
  }
}
