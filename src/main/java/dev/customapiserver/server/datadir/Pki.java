package dev.customapiserver.server.datadir;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The generated CA and serving certificate under {@code pki/}. Existing files are reused; the
 * serving certificate is replaced when it no longer chains to the CA, lacks a needed name or
 * expires within 30 days.
 */
final class Pki {
  static final Duration CA_VALIDITY = Duration.ofDays(3650);
  static final Duration SERVING_VALIDITY = Duration.ofDays(365);
  private static final Duration RENEW_BEFORE = Duration.ofDays(30);
  private static final System.Logger LOG = System.getLogger(Pki.class.getName());

  private final Path dir;
  private final Path servingDir;
  private final Certificates certificates;
  private final Clock clock;

  Pki(Path dir, Certificates certificates, Clock clock) {
    this(dir, dir, certificates, clock);
  }

  private Pki(Path dir, Path servingDir, Certificates certificates, Clock clock) {
    this.dir = dir;
    this.servingDir = servingDir;
    this.certificates = certificates;
    this.clock = clock;
  }

  /** The same CA, with the serving certificate kept as {@code apiserver.crt}/{@code .key} in {@code servingDir} ({@code --cert-dir}). */
  Pki servingIn(Path servingDir) {
    return new Pki(dir, servingDir, certificates, clock);
  }

  Path caCertFile() {
    return dir.resolve("ca.crt");
  }

  Path servingCertFile() {
    return servingDir.resolve("apiserver.crt");
  }

  /** The serving identity for {@code dnsNames} and {@code ipAddresses}, created or reused. */
  ServingIdentity ensure(List<String> dnsNames, List<String> ipAddresses) {
    Instant now = clock.instant();
    Path keyFile = servingDir.resolve("apiserver.key");
    Ca authority = ensureCa(now);
    X509Certificate ca = authority.certificate();
    PrivateKey caKey = authority.key();
    Optional<ServingIdentity> existing = reusable(ca, keyFile, dnsNames, ipAddresses, now);
    if (existing.isPresent()) {
      return existing.get();
    }
    KeyPair pair = certificates.newKeyPair();
    X509Certificate cert = certificates.serving(ca, caKey, pair.getPublic(), "custom-apiserver",
        dnsNames, ipAddresses, now, SERVING_VALIDITY);
    SecureFiles.write(keyFile, Pem.encode(pair.getPrivate()).getBytes(StandardCharsets.US_ASCII), true);
    SecureFiles.write(servingCertFile(), Pem.encode(List.of(cert)).getBytes(StandardCharsets.US_ASCII), false);
    LOG.log(System.Logger.Level.INFO, "Created the serving certificate {0} for {1} {2}", servingCertFile(), dnsNames, ipAddresses);
    return new ServingIdentity(pair.getPrivate(), List.of(cert), ca);
  }

  /** The CA's certificate and key. */
  record Ca(X509Certificate certificate, PrivateKey key) {}

  /** The CA of {@code pki/}, reused, or created when missing or broken. */
  Ca ensureCa(Instant now) {
    Path caKeyFile = dir.resolve("ca.key");
    X509Certificate ca;
    PrivateKey caKey;
    X509Certificate existingCa = null;
    PrivateKey existingCaKey = null;
    if (Files.exists(caCertFile()) && Files.exists(caKeyFile)) {
      existingCa = Pem.readCertificates(caCertFile()).get(0);
      existingCaKey = Pem.readPrivateKey(caKeyFile);
      if (!matches(existingCaKey, existingCa)) {
        LOG.log(System.Logger.Level.INFO, "Replacing the CA in {0}: its key does not match its certificate", caCertFile());
        existingCa = null;
      }
    }
    if (existingCa != null) {
      ca = existingCa;
      caKey = existingCaKey;
    } else {
      KeyPair pair = certificates.newKeyPair();
      ca = certificates.selfSignedCa(pair, "custom-apiserver-ca@" + now.getEpochSecond(), now, CA_VALIDITY);
      caKey = pair.getPrivate();
      SecureFiles.write(caKeyFile, Pem.encode(caKey).getBytes(StandardCharsets.US_ASCII), true);
      SecureFiles.write(caCertFile(), Pem.encode(List.of(ca)).getBytes(StandardCharsets.US_ASCII), false);
      LOG.log(System.Logger.Level.INFO, "Created a self-signed CA in {0}", caCertFile());
    }
    return new Ca(ca, caKey);
  }

  /**
   * A new key and a client certificate for {@code user} in {@code groups} signed by the existing CA.
   *
   * @throws IllegalStateException if the CA was not generated yet (the server never started here)
   */
  ClientIdentity client(String user, List<String> groups, Duration validity) {
    return client(user, groups, validity, false);
  }

  /** The same; with {@code createCa} the CA is created first when missing. */
  ClientIdentity client(String user, List<String> groups, Duration validity, boolean createCa) {
    if (createCa) {
      ensureCa(clock.instant());
    }
    Path caKeyFile = dir.resolve("ca.key");
    if (!Files.exists(caCertFile()) || !Files.exists(caKeyFile)) {
      throw new IllegalStateException("no CA in " + dir + ": start the server with this --data-dir once first");
    }
    X509Certificate ca = Pem.readCertificates(caCertFile()).get(0);
    KeyPair pair = certificates.newKeyPair();
    X509Certificate cert = certificates.client(ca, Pem.readPrivateKey(caKeyFile), pair.getPublic(), user, groups,
        clock.instant(), validity);
    return new ClientIdentity(cert, pair.getPrivate(), ca);
  }

  /** A client certificate with its key and the CA that signed it. */
  record ClientIdentity(X509Certificate certificate, PrivateKey key, X509Certificate ca) {
    String certificatePem() {
      return Pem.encode(List.of(certificate));
    }

    String keyPem() {
      return Pem.encode(key);
    }

    String caPem() {
      return Pem.encode(List.of(ca));
    }
  }

  private Optional<ServingIdentity> reusable(X509Certificate ca, Path keyFile, List<String> dnsNames,
      List<String> ipAddresses, Instant now) {
    if (!Files.exists(servingCertFile()) || !Files.exists(keyFile)) {
      return Optional.empty();
    }
    X509Certificate cert = Pem.readCertificates(servingCertFile()).get(0);
    try {
      cert.verify(ca.getPublicKey());
      cert.checkValidity(Date.from(now.plus(RENEW_BEFORE)));
    } catch (GeneralSecurityException e) {
      LOG.log(System.Logger.Level.INFO, "Replacing serving certificate {0}: {1}", servingCertFile(), e.getMessage());
      return Optional.empty();
    }
    if (!names(cert).containsAll(normalized(dnsNames, ipAddresses))) {
      LOG.log(System.Logger.Level.INFO, "Replacing serving certificate {0}: it lacks some of {1} {2}",
          servingCertFile(), dnsNames, ipAddresses);
      return Optional.empty();
    }
    PrivateKey key = Pem.readPrivateKey(keyFile);
    if (!matches(key, cert)) {
      LOG.log(System.Logger.Level.INFO, "Replacing serving certificate {0}: its key does not match", servingCertFile());
      return Optional.empty();
    }
    return Optional.of(new ServingIdentity(key, List.of(cert), ca));
  }

  /** Whether {@code key} is the private half of {@code cert}'s public key (a signature made with one verifies with the other). */
  static boolean matches(PrivateKey key, X509Certificate cert) {
    String algorithm = switch (cert.getPublicKey().getAlgorithm()) {
      case "EC" -> "SHA256withECDSA";
      case "RSA" -> "SHA256withRSA";
      default -> null;
    };
    if (algorithm == null) {
      return key.getAlgorithm().equals(cert.getPublicKey().getAlgorithm());
    }
    try {
      byte[] probe = "custom-apiserver key check".getBytes(StandardCharsets.US_ASCII);
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(cert.getPublicKey());
      verifier.update(probe);
      return verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private static Set<String> names(X509Certificate cert) {
    Set<String> names = new HashSet<>();
    try {
      Collection<List<?>> sans = cert.getSubjectAlternativeNames();
      for (List<?> san : sans == null ? List.<List<?>>of() : sans) {
        Object value = san.get(1);
        if (value instanceof String s) {
          names.add((Integer) san.get(0) == 7 ? ip(s) : "dns:" + s.toLowerCase(Locale.ROOT));
        }
      }
    } catch (CertificateParsingException e) {
      return Set.of();
    }
    return names;
  }

  private static Set<String> normalized(List<String> dnsNames, List<String> ipAddresses) {
    Set<String> names = new HashSet<>();
    dnsNames.forEach(d -> names.add("dns:" + d.toLowerCase(Locale.ROOT)));
    ipAddresses.forEach(i -> names.add(ip(i)));
    return names;
  }

  private static String ip(String literal) {
    try {
      return "ip:" + InetAddress.getByName(literal).getHostAddress();
    } catch (UnknownHostException e) {
      return "ip?:" + literal;
    }
  }
}
