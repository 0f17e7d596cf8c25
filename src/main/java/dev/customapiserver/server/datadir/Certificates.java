package dev.customapiserver.server.datadir;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Creates ECDSA P-256 key pairs, a self-signed CA certificate and serving certificates it signs. */
final class Certificates {
  /** Backdating, so that a client whose clock is slightly behind accepts a fresh certificate. */
  private static final Duration SKEW = Duration.ofHours(1);
  private final SecureRandom random;

  Certificates(SecureRandom random) {
    this.random = random;
  }

  KeyPair newKeyPair() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec("secp256r1"), random);
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot create an EC key pair", e);
    }
  }

  X509Certificate selfSignedCa(KeyPair pair, String commonName, Instant now, Duration validity) {
    X500Name name = new X500Name("CN=" + commonName);
    return build(name, pair.getPrivate(), null, name, pair.getPublic(), now, validity, b -> {
      b.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
      b.addExtension(Extension.keyUsage, true,
          new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign | KeyUsage.digitalSignature));
    });
  }

  /** A serverAuth certificate for {@code dnsNames} and {@code ipAddresses}, signed by the CA. */
  X509Certificate serving(X509Certificate ca, PrivateKey caKey, PublicKey key, String commonName,
      List<String> dnsNames, List<String> ipAddresses, Instant now, Duration validity) {
    GeneralName[] names = new GeneralName[dnsNames.size() + ipAddresses.size()];
    int i = 0;
    for (String d : dnsNames) {
      names[i++] = new GeneralName(GeneralName.dNSName, d);
    }
    for (String ip : ipAddresses) {
      names[i++] = new GeneralName(GeneralName.iPAddress, ip);
    }
    X500Name issuer = X500Name.getInstance(ca.getSubjectX500Principal().getEncoded());
    return build(issuer, caKey, ca, new X500Name("CN=" + commonName), key, now, validity, b -> {
      b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
      b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
    });
  }

  /** A clientAuth certificate for user {@code commonName} in groups {@code organizations}, signed by the CA. */
  X509Certificate client(X509Certificate ca, PrivateKey caKey, PublicKey key, String commonName,
      List<String> organizations, Instant now, Duration validity) {
    X500NameBuilder subject = new X500NameBuilder();
    for (String o : organizations) {
      subject.addRDN(BCStyle.O, o);
    }
    subject.addRDN(BCStyle.CN, commonName);
    X500Name issuer = X500Name.getInstance(ca.getSubjectX500Principal().getEncoded());
    return build(issuer, caKey, ca, subject.build(), key, now, validity, b -> {
      b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
      b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
    });
  }

  private interface Extensions {
    void add(JcaX509v3CertificateBuilder b) throws CertIOException, GeneralSecurityException;
  }

  private X509Certificate build(X500Name issuer, PrivateKey signer, X509Certificate issuerCert, X500Name subject,
      PublicKey key, Instant now, Duration validity, Extensions extensions) {
    try {
      JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, random).add(BigInteger.ONE),
          Date.from(now.minus(SKEW)), Date.from(now.plus(validity)), subject, key);
      JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
      b.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(key));
      if (issuerCert != null) {
        b.addExtension(Extension.authorityKeyIdentifier, false, utils.createAuthorityKeyIdentifier(issuerCert));
      }
      extensions.add(b);
      return new JcaX509CertificateConverter().getCertificate(
          b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
    } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
      throw new IllegalStateException("cannot create certificate " + subject, e);
    }
  }
}
