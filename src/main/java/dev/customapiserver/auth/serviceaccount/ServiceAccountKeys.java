package dev.customapiserver.auth.serviceaccount;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAPublicKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * The service account key material: one RSA private key signing tokens and the public keys
 * verifying them (the signing key's, plus any more given). Keys are PEM (PKCS#1 or PKCS#8 private
 * keys, public keys, certificates), as kube's {@code --service-account-*-key-file} flags take them.
 * Each public key's {@code kid} is kube's: the unpadded base64url SHA-256 of its DER encoding.
 */
public final class ServiceAccountKeys {
  private final RSAPrivateCrtKey signingKey;
  private final List<RSAPublicKey> verifying;

  private ServiceAccountKeys(RSAPrivateCrtKey signingKey, List<RSAPublicKey> verifying) {
    this.signingKey = signingKey;
    this.verifying = List.copyOf(verifying);
  }

  /**
   * The key in {@code signingKeyFile}; if that file does not exist it is generated (RSA 2048,
   * PKCS#8 PEM, owner-only). {@code extraKeyFiles} add verifying keys.
   */
  public static ServiceAccountKeys load(Path signingKeyFile, List<Path> extraKeyFiles) {
    try {
      if (!Files.exists(signingKeyFile)) {
        generate(signingKeyFile);
      }
      RSAPrivateCrtKey key = readPrivate(signingKeyFile);
      List<RSAPublicKey> publics = new ArrayList<>();
      publics.add(publicOf(key));
      for (Path f : extraKeyFiles) {
        for (PublicKey p : readPublic(f)) {
          if (p instanceof RSAPublicKey rsa && !publics.contains(rsa)) {
            publics.add(rsa);
          }
        }
      }
      return new ServiceAccountKeys(key, publics);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read service account keys: " + e.getMessage(), e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot use the service account key " + signingKeyFile + ": " + e.getMessage(), e);
    }
  }

  RSAPrivateCrtKey signingKey() {
    return signingKey;
  }

  List<RSAPublicKey> verifyingKeys() {
    return verifying;
  }

  /** The public keys as a JSON Web Key Set, as {@code /openid/v1/jwks} serves it. */
  public Map<String, Object> jwks() {
    List<com.nimbusds.jose.jwk.JWK> keys = new ArrayList<>();
    for (RSAPublicKey k : verifying) {
      keys.add(new RSAKey.Builder(k).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256).keyID(keyId(k)).build());
    }
    return new JWKSet(keys).toJSONObject(true);
  }

  static String keyId(RSAPublicKey key) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
      return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void generate(Path file) throws IOException, GeneralSecurityException {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    KeyPair pair = g.generateKeyPair();
    String pem = "-----BEGIN PRIVATE KEY-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(pair.getPrivate().getEncoded())
        + "\n-----END PRIVATE KEY-----\n";
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, pem, StandardCharsets.US_ASCII);
    try {
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException ignored) {
      // not a POSIX file system
    }
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
  }

  private static RSAPrivateCrtKey readPrivate(Path file) throws IOException, GeneralSecurityException {
    JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
    try (PEMParser p = new PEMParser(new StringReader(Files.readString(file, StandardCharsets.US_ASCII)))) {
      for (Object o = p.readObject(); o != null; o = p.readObject()) {
        PrivateKey k = o instanceof PEMKeyPair pair ? converter.getPrivateKey(pair.getPrivateKeyInfo())
            : o instanceof PrivateKeyInfo info ? converter.getPrivateKey(info) : null;
        if (k instanceof RSAPrivateCrtKey rsa) {
          return rsa;
        }
      }
    }
    throw new GeneralSecurityException(file + " holds no unencrypted RSA private key in PEM");
  }

  private static List<PublicKey> readPublic(Path file) throws IOException, GeneralSecurityException {
    JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
    List<PublicKey> keys = new ArrayList<>();
    try (PEMParser p = new PEMParser(new StringReader(Files.readString(file, StandardCharsets.US_ASCII)))) {
      for (Object o = p.readObject(); o != null; o = p.readObject()) {
        if (o instanceof SubjectPublicKeyInfo info) {
          keys.add(converter.getPublicKey(info));
        } else if (o instanceof X509CertificateHolder cert) {
          keys.add(converter.getPublicKey(cert.getSubjectPublicKeyInfo()));
        } else if (o instanceof PEMKeyPair pair) {
          keys.add(converter.getPublicKey(pair.getPublicKeyInfo()));
        } else if (o instanceof PrivateKeyInfo info && converter.getPrivateKey(info) instanceof RSAPrivateCrtKey rsa) {
          keys.add(publicOf(rsa));
        }
      }
    }
    if (keys.isEmpty()) {
      throw new GeneralSecurityException(file + " holds no PEM public key");
    }
    return keys;
  }

  private static RSAPublicKey publicOf(RSAPrivateCrtKey k) throws GeneralSecurityException {
    return (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(k.getModulus(), k.getPublicExponent()));
  }
}
