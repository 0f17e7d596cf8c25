package dev.customapiserver.auth.x509;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.testing.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("--client-ca-file: x509 client certificates name the user (CN) and groups (O)")
class X509AuthenticatorTest {
  static final TestPki.Ca CA = TestPki.ca("client-ca");
  final X509Authenticator x509 = new X509Authenticator(List.of(CA.certificate()), Clock.systemUTC());

  @Test
  @DisplayName("a certificate of the CA: CN is the user, every O a group in order, plus system:authenticated in the chain")
  void valid() {
    Credentials c = Credentials.certificates(List.of(CA.client("bob", "dev", "ops").certificate()));
    assertThat(x509.authenticate(c)).isEqualTo(new Authenticator.Result.Authenticated(
        new UserInfo("bob", "", List.of("dev", "ops"), Map.of())));
    AuthenticationChain chain = new AuthenticationChain(List.of(x509), true);
    assertThat(chain.authenticate(c).orElseThrow().groups()).containsExactly("dev", "ops", SystemGroups.AUTHENTICATED);
  }

  @Test
  @DisplayName("another CA's, an expired or a server-only certificate is rejected: the chain answers 401 (empty)")
  void rejected() {
    TestPki.Ca other = TestPki.ca("other");
    for (var cert : List.of(other.client("eve").certificate(), CA.expiredClient("old").certificate(),
        CA.serverOnlyClient("srv").certificate())) {
      assertThat(x509.authenticate(Credentials.certificates(List.of(cert)))).isInstanceOf(Authenticator.Result.Rejected.class);
      assertThat(new AuthenticationChain(List.of(x509), true).authenticate(Credentials.certificates(List.of(cert)))).isEmpty();
    }
  }

  @Test
  @DisplayName("no certificate is left to the token authenticator, or anonymous")
  void noCertificate() {
    assertThat(x509.authenticate(Credentials.none())).isInstanceOf(Authenticator.Result.NotRecognized.class);
    AuthenticationChain chain = new AuthenticationChain(List.of(x509,
        AuthenticationChain.bearerTokens(List.of(TokenAuthenticator.of(Map.of("t", UserInfo.of("alice")))))), true);
    assertThat(chain.authenticate(Credentials.token("t")).orElseThrow().name()).isEqualTo("alice");
    assertThat(chain.authenticate(Credentials.none()).orElseThrow().name()).isEqualTo("system:anonymous");
  }

  @Test
  @DisplayName("the CA bundle file is read as PEM; a file without certificates is an error naming it")
  void bundle(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("ca.crt"), CA.certificatePem() + TestPki.ca("second").certificatePem());
    assertThat(CaBundle.read(file)).hasSize(2);
    Path empty = Files.writeString(dir.resolve("empty.crt"), "nothing here\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> CaBundle.read(empty))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty.crt");
  }
}
