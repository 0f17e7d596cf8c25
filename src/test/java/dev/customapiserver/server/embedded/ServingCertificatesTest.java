package dev.customapiserver.server.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.datadir.ServingIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The serving certificate: --tls-*-file, --cert-dir, the mounted Secret, else generated")
class ServingCertificatesTest {
  @TempDir Path tmp;
  private Path mounted;
  private X509Certificate other;

  @BeforeEach
  void otherCertificate() throws Exception {
    // a certificate of another CA, as a mounted Secret would hold it
    DataDirectory elsewhere = new DataDirectory(tmp.resolve("elsewhere"), Clock.systemUTC(), new SecureRandom());
    other = elsewhere.servingIdentity(List.of()).certificate();
    mounted = tmp.resolve("serving-cert");
  }

  private void secret(Path dir, String pair) throws Exception {
    Files.createDirectories(dir);
    Files.copy(tmp.resolve("elsewhere/pki/apiserver.crt"), dir.resolve(pair + ".crt"));
    Files.copy(tmp.resolve("elsewhere/pki/apiserver.key"), dir.resolve(pair + ".key"));
  }

  private ServingIdentity choose(String... flags) {
    List<String> args = new ArrayList<>(List.of("--data-dir", tmp.resolve("data").toString()));
    args.addAll(List.of(flags));
    ServerConfig config = ConfigLoader.load(CommandLine.parse(args), Map.of());
    return new ServingCertificates(mounted).choose(config,
        new DataDirectory(config.dataDir(), Clock.systemUTC(), new SecureRandom()));
  }

  @Test
  @DisplayName("no TLS flags, nothing mounted: the certificate generated under <data-dir>/pki")
  void generated() {
    assertThat(choose().certificate()).isNotEqualTo(other);
    assertThat(tmp.resolve("data/pki/apiserver.crt")).exists();
  }

  @Test
  @DisplayName("no TLS flags: tls.crt/tls.key mounted at the seed's /var/run/apiserver/serving-cert are used")
  void mountedSecret() throws Exception {
    secret(mounted, "tls");
    assertThat(choose().certificate()).isEqualTo(other);
    assertThat(tmp.resolve("data/pki/apiserver.crt")).doesNotExist();
  }

  @Test
  @DisplayName("--cert-dir DIR: DIR/tls.crt and tls.key, else kube's DIR/apiserver.crt and .key")
  void certDir() throws Exception {
    Path dir = tmp.resolve("certs");
    secret(dir, "tls");
    assertThat(choose("--cert-dir", dir.toString()).certificate()).isEqualTo(other);
    Path kube = tmp.resolve("kube-certs");
    secret(kube, "apiserver");
    assertThat(choose("--cert-dir", kube.toString()).certificate()).isEqualTo(other);
  }

  @Test
  @DisplayName("--cert-dir DIR without a pair: generated and written there as apiserver.crt/.key, as kube-apiserver does")
  void certDirGenerated() throws Exception {
    secret(mounted, "tls");
    Path dir = tmp.resolve("empty");
    ServingIdentity id = choose("--cert-dir", dir.toString());
    assertThat(id.certificate()).as("--cert-dir wins over the mounted Secret").isNotEqualTo(other);
    assertThat(dir.resolve("apiserver.crt")).exists();
    assertThat(dir.resolve("apiserver.key")).exists();
    assertThat(choose("--cert-dir", dir.toString()).certificate()).as("reused at the next start").isEqualTo(id.certificate());
  }

  @Test
  @DisplayName("--tls-cert-file and --tls-private-key-file win over --cert-dir and the mounted Secret")
  void explicitFiles() throws Exception {
    Path dir = tmp.resolve("certs");
    secret(dir, "tls");
    DataDirectory third = new DataDirectory(tmp.resolve("third"), Clock.systemUTC(), new SecureRandom());
    X509Certificate explicit = third.servingIdentity(List.of()).certificate();
    assertThat(choose("--cert-dir", dir.toString(), "--tls-cert-file", tmp.resolve("third/pki/apiserver.crt").toString(),
        "--tls-private-key-file", tmp.resolve("third/pki/apiserver.key").toString()).certificate()).isEqualTo(explicit);
  }
}
