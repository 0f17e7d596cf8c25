package dev.customapiserver.server.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.auth.x509.CaBundle;
import dev.customapiserver.auth.x509.X509Authenticator;
import dev.customapiserver.server.datadir.DataDirectory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("custom-apiserver.war kubeconfig: a client-certificate kubeconfig minted from the server's CA")
class KubeconfigCommandTest {
  @TempDir Path dir;

  int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
    return Cli.run(List.of(args), java.util.Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), config -> {
          throw new AssertionError("the server must not start");
        });
  }

  @Test
  @DisplayName("the certificate names the user (CN) and groups (O), verifies against pki/ca.crt, cluster taken from the server's kubeconfig")
  void mint() throws Exception {
    DataDirectory data = new DataDirectory(dir, Clock.systemUTC(), new SecureRandom());
    data.writeKubeconfig("https://127.0.0.1:6443", data.servingIdentity(List.of()), data.adminToken());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(run(out, err, "kubeconfig", "--user", "bob", "--group", "dev", "--group=ops", "--data-dir", dir.toString()))
        .as(err.toString()).isZero();
    JsonNode config = new YAMLMapper().readTree(out.toByteArray());
    assertThat(config.at("/clusters/0/cluster/server").asText()).isEqualTo("https://127.0.0.1:6443");
    assertThat(config.at("/users/0/name").asText()).isEqualTo("bob");
    assertThat(config.at("/contexts/0/context/user").asText()).isEqualTo("bob");
    byte[] pem = Base64.getDecoder().decode(config.at("/users/0/user/client-certificate-data").asText());
    X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem));
    assertThat(config.at("/users/0/user/client-key-data").asText()).isNotEmpty();
    X509Authenticator x509 = new X509Authenticator(CaBundle.read(DataDirectory.caCertFile(dir)), Clock.systemUTC());
    Authenticator.Result r = x509.authenticate(Credentials.certificates(List.of(cert)));
    assertThat(r).isInstanceOfSatisfying(Authenticator.Result.Authenticated.class, a -> {
      assertThat(a.user().name()).isEqualTo("bob");
      assertThat(a.user().groups()).containsExactly("dev", "ops");
    });
  }

  @Test
  @DisplayName("--output writes the file; without a CA (server never started there) it fails naming why; no --user is a usage error")
  void errors() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(run(out, err, "kubeconfig", "--user", "bob", "--data-dir", dir.toString(), "--server", "https://x:1"))
        .isEqualTo(Cli.FAILED);
    assertThat(err.toString()).contains("start the server with this --data-dir once first");
    assertThat(run(out, err, "kubeconfig", "--group", "dev")).isEqualTo(Cli.USAGE);
    assertThat(err.toString()).contains("--user is required");
    new DataDirectory(dir, Clock.systemUTC(), new SecureRandom()).servingIdentity(List.of());
    Path file = dir.resolve("bob.kubeconfig");
    assertThat(run(out, err, "kubeconfig", "--user", "bob", "--data-dir", dir.toString(), "--server", "https://x:1",
        "--output", file.toString())).isZero();
    assertThat(Files.readString(file)).contains("server: https://x:1").contains("client-certificate-data");
  }
}
