package dev.customapiserver.testing;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A small PKI for tests, as kubeadm lays one out: CAs (cluster CA, front-proxy CA) issuing client
 * certificates (CN = user, O = groups, clientAuth) and serving certificates (DNS/IP names,
 * serverAuth), with PEM output and TLS contexts. ECDSA P-256 via BouncyCastle.
 */
public final class TestPki {
  private static final SecureRandom RANDOM = new SecureRandom();

  private TestPki() {}

  /** A key with its certificate. */
  public record Issued(X509Certificate certificate, PrivateKey key) {
    public String certificatePem() {
      return pem(certificate);
    }

    public String keyPem() {
      return "-----BEGIN PRIVATE KEY-----\n" + base64(key.getEncoded()) + "-----END PRIVATE KEY-----\n";
    }

    /** Writes {@code <name>.crt} and {@code <name>.key} into {@code dir}; returns the certificate file. */
    public Path write(Path dir, String name) throws IOException {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + ".key"), keyPem());
      return Files.writeString(dir.resolve(name + ".crt"), certificatePem());
    }

    public Path keyFile(Path dir, String name) {
      return dir.resolve(name + ".key");
    }

    /** A TLS context presenting this identity and trusting {@code trusted} (e.g. a front proxy's client). */
    public SSLContext tls(X509Certificate... trusted) {
      try {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("me", key, new char[0], new Certificate[] {certificate});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, new char[0]);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), trustManagers(trusted).getTrustManagers(), null);
        return ctx;
      } catch (GeneralSecurityException | IOException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** A certificate authority that can issue. */
  public record Ca(X509Certificate certificate, PrivateKey key) {
    public String certificatePem() {
      return pem(certificate);
    }

    /** A client certificate: CN = {@code user}, one O per group, extended key usage clientAuth. */
    public Issued client(String user, String... groups) {
      return issue(user, groups, List.of(), KeyPurposeId.id_kp_clientAuth, Duration.ofDays(1));
    }

    /** A serving certificate for {@code names} (IP literals become IP SANs). */
    public Issued server(String cn, String... names) {
      return issue(cn, new String[0], List.of(names), KeyPurposeId.id_kp_serverAuth, Duration.ofDays(1));
    }

    /** A certificate for {@code user} whose only extended key usage is serverAuth (not usable by a client). */
    public Issued serverOnlyClient(String user) {
      return issue(user, new String[0], List.of(), KeyPurposeId.id_kp_serverAuth, Duration.ofDays(1));
    }

    /** A client certificate that expired an hour ago. */
    public Issued expiredClient(String user) {
      return issue(user, new String[0], List.of(), KeyPurposeId.id_kp_clientAuth, Duration.ofHours(-1));
    }

    public Path write(Path dir, String name) throws IOException {
      Files.createDirectories(dir);
      return Files.writeString(dir.resolve(name + ".crt"), certificatePem());
    }

    private Issued issue(String cn, String[] groups, List<String> names, KeyPurposeId usage, Duration validity) {
      try {
        KeyPair pair = keyPair();
        X500NameBuilder subject = new X500NameBuilder(BCStyle.INSTANCE);
        for (String g : groups) {
          subject.addRDN(BCStyle.O, g);
        }
        subject.addRDN(BCStyle.CN, cn);
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(certificate, serial(),
            Date.from(now.minus(Duration.ofHours(2))), Date.from(now.plus(validity)), subject.build(), pair.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
        b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(usage));
        if (!names.isEmpty()) {
          List<GeneralName> sans = new ArrayList<>();
          for (String n : names) {
            sans.add(new GeneralName(n.matches("[0-9.]+|.*:.*") ? GeneralName.iPAddress : GeneralName.dNSName, n));
          }
          b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(sans.toArray(GeneralName[]::new)));
        }
        return new Issued(sign(b, key), pair.getPrivate());
      } catch (GeneralSecurityException | IOException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** A new self-signed CA named {@code cn}. */
  public static Ca ca(String cn) {
    try {
      KeyPair pair = keyPair();
      org.bouncycastle.asn1.x500.X500Name name = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, cn).build();
      Instant now = Instant.now();
      JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, serial(),
          Date.from(now.minus(Duration.ofHours(2))), Date.from(now.plus(Duration.ofDays(30))), name, pair.getPublic());
      b.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
      b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign | KeyUsage.digitalSignature));
      return new Ca(sign(b, pair.getPrivate()), pair.getPrivate());
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** PEM of one or more certificates. */
  public static String pem(X509Certificate... certificates) {
    StringBuilder sb = new StringBuilder();
    for (X509Certificate c : certificates) {
      try {
        sb.append("-----BEGIN CERTIFICATE-----\n").append(base64(c.getEncoded())).append("-----END CERTIFICATE-----\n");
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException(e);
      }
    }
    return sb.toString();
  }

  /** A TLS context trusting {@code trusted}, presenting no certificate. */
  public static SSLContext trusting(X509Certificate... trusted) {
    try {
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, trustManagers(trusted).getTrustManagers(), null);
      return ctx;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static TrustManagerFactory trustManagers(X509Certificate... trusted) throws GeneralSecurityException {
    try {
      KeyStore ts = KeyStore.getInstance("PKCS12");
      ts.load(null, null);
      for (int i = 0; i < trusted.length; i++) {
        ts.setCertificateEntry("ca" + i, trusted[i]);
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ts);
      return tmf;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KeyPair keyPair() throws GeneralSecurityException {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
    return g.generateKeyPair();
  }

  private static BigInteger serial() {
    return new BigInteger(64, RANDOM).add(BigInteger.ONE);
  }

  private static X509Certificate sign(JcaX509v3CertificateBuilder b, PrivateKey signer) throws GeneralSecurityException {
    try {
      return new JcaX509CertificateConverter().getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
    } catch (org.bouncycastle.operator.OperatorCreationException e) {
      throw new GeneralSecurityException(e);
    }
  }

  private static String base64(byte[] der) {
    return Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der) + "\n";
  }
}
