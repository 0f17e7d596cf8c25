package dev.customapiserver.server.datadir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The generated certificates")
class PkiTest {
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  @TempDir Path dir;

  private DataDirectory at(Instant now) {
    return new DataDirectory(dir, Clock.fixed(now, ZoneOffset.UTC), new SecureRandom());
  }

  private static List<String> sans(X509Certificate c) throws Exception {
    return c.getSubjectAlternativeNames().stream().map(l -> l.get(0) + "=" + l.get(1)).collect(Collectors.toList());
  }

  @Test
  @DisplayName("on first start: a CA and a serving certificate for localhost, 127.0.0.1 and ::1, signed by the CA")
  void firstStart() throws Exception {
    ServingIdentity id = at(NOW).servingIdentity(List.of());
    X509Certificate cert = id.certificate();
    X509Certificate ca = id.trustAnchor();

    assertThat(sans(cert)).containsExactlyInAnyOrder("2=localhost", "7=127.0.0.1", "7=0:0:0:0:0:0:0:1");
    assertThatCode(() -> cert.verify(ca.getPublicKey())).doesNotThrowAnyException();
    assertThat(cert.getExtendedKeyUsage()).contains("1.3.6.1.5.5.7.3.1"); // serverAuth
    assertThat(cert.getBasicConstraints()).isEqualTo(-1);
    assertThat(ca.getBasicConstraints()).isGreaterThanOrEqualTo(0);
    assertThat(ca.getKeyUsage()[5]).as("keyCertSign").isTrue();
    assertThatCode(() -> cert.checkValidity(Date.from(NOW))).doesNotThrowAnyException();
    assertThat(Files.readString(dir.resolve("pki/ca.crt"))).startsWith("-----BEGIN CERTIFICATE-----");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("pki/ca.key")))).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("pki/apiserver.key")))).isEqualTo("rw-------");
  }

  @Test
  @DisplayName("on later starts: the same CA, certificate and key are reused")
  void reused() throws Exception {
    ServingIdentity first = at(NOW).servingIdentity(List.of());
    String certPem = Files.readString(dir.resolve("pki/apiserver.crt"));

    ServingIdentity second = at(NOW.plus(Duration.ofDays(10))).servingIdentity(List.of());

    assertThat(second.certificate()).isEqualTo(first.certificate());
    assertThat(second.trustAnchor()).isEqualTo(first.trustAnchor());
    assertThat(second.privateKey().getEncoded()).isEqualTo(first.privateKey().getEncoded());
    assertThat(Files.readString(dir.resolve("pki/apiserver.crt"))).isEqualTo(certPem);
  }

  @Test
  @DisplayName("a serving certificate close to expiry, or lacking a needed address, is replaced under the same CA")
  void replaced() throws Exception {
    ServingIdentity first = at(NOW).servingIdentity(List.of());

    ServingIdentity renewed = at(NOW.plus(Duration.ofDays(340))).servingIdentity(List.of());
    ServingIdentity widened = at(NOW.plus(Duration.ofDays(340))).servingIdentity(List.of("192.0.2.7"));

    assertThat(renewed.certificate()).isNotEqualTo(first.certificate());
    assertThat(renewed.trustAnchor()).isEqualTo(first.trustAnchor());
    assertThat(sans(widened.certificate())).contains("7=192.0.2.7", "2=localhost");
    assertThatCode(() -> widened.certificate().verify(first.trustAnchor().getPublicKey())).doesNotThrowAnyException();
  }

  @Test
  @DisplayName("user-given PEM files load as an identity whose last certificate is the trust anchor")
  void fromFiles() throws Exception {
    ServingIdentity generated = at(NOW).servingIdentity(List.of());
    Path chain = dir.resolve("chain.pem");
    Files.writeString(chain, Pem.encode(List.of(generated.certificate(), generated.trustAnchor())));

    ServingIdentity loaded = ServingIdentity.fromFiles(chain, dir.resolve("pki/apiserver.key"));

    assertThat(loaded.chain()).containsExactly(generated.certificate(), generated.trustAnchor());
    assertThat(loaded.trustAnchor()).isEqualTo(generated.trustAnchor());
    assertThat(loaded.privateKey()).isEqualTo(generated.privateKey());
    assertThat(loaded.keyStore("pw".toCharArray()).isKeyEntry("apiserver")).isEqualTo(true);
  }

  @Test
  @DisplayName("a serving key that does not match its certificate (a stale copy) is replaced, not served")
  void mismatchedKeyReplaced() throws Exception {
    ServingIdentity first = at(NOW).servingIdentity(List.of());
    Path keyFile = dir.resolve("pki").resolve("apiserver.key");
    Files.writeString(keyFile, Pem.encode(new Certificates(new SecureRandom()).newKeyPair().getPrivate()));

    ServingIdentity again = at(NOW).servingIdentity(List.of());

    assertThat(again.certificate()).isNotEqualTo(first.certificate());
    assertThat(Pki.matches(again.privateKey(), again.certificate())).isTrue();
    assertThatCode(() -> again.keyStore("pw".toCharArray())).doesNotThrowAnyException();
  }

  @Test
  @DisplayName("a restart serves with the stored key even after a library (fabric8) registered BouncyCastle in the JVM")
  void restartWithBouncyCastleRegistered() throws Exception {
    at(NOW).servingIdentity(List.of());
    java.security.Security.addProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider()); // as fabric8 does
    try {
      ServingIdentity again = at(NOW).servingIdentity(List.of());
      assertThat(again.privateKey().getAlgorithm()).isEqualTo("EC");
      assertThatCode(() -> again.keyStore("pw".toCharArray())).doesNotThrowAnyException();
    } finally {
      java.security.Security.removeProvider("BC");
    }
  }
}
