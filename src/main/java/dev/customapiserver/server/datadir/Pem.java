package dev.customapiserver.server.datadir;

import dev.customapiserver.client.PemBundle;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

/** PEM encoding of certificates and private keys (PKCS#8 written; PKCS#1/SEC1/PKCS#8 read). */
final class Pem {
  private Pem() {}

  static String encode(List<X509Certificate> certificates) {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(out)) {
      for (X509Certificate c : certificates) {
        w.writeObject(c);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  static String encode(PrivateKey key) {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(out)) {
      w.writeObject(new JcaPKCS8Generator(key, null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /** Every certificate in {@code file}, in order; at least one. */
  static List<X509Certificate> readCertificates(Path file) {
    List<X509Certificate> certs = new ArrayList<>();
    JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
    try (PEMParser p = new PEMParser(new StringReader(Files.readString(file, StandardCharsets.US_ASCII)))) {
      for (Object o = p.readObject(); o != null; o = p.readObject()) {
        if (o instanceof X509CertificateHolder h) {
          certs.add(converter.getCertificate(h));
        }
      }
    } catch (IOException | CertificateException | RuntimeException e) {
      throw new IllegalStateException("cannot read certificates from " + file + ": " + e.getMessage(), e);
    }
    if (certs.isEmpty()) {
      throw new IllegalStateException(file + " contains no PEM certificate");
    }
    return certs;
  }

  /** The first private key in {@code file}. */
  static PrivateKey readPrivateKey(Path file) {
    try (PEMParser p = new PEMParser(new StringReader(Files.readString(file, StandardCharsets.US_ASCII)))) {
      for (Object o = p.readObject(); o != null; o = p.readObject()) {
        if (o instanceof PEMKeyPair pair) {
          return PemBundle.privateKey(pair.getPrivateKeyInfo());
        }
        if (o instanceof PrivateKeyInfo info) {
          return PemBundle.privateKey(info);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("cannot read the private key in " + file + ": " + e.getMessage(), e);
    }
    throw new IllegalStateException(file + " contains no unencrypted PEM private key");
  }
}
