package dev.customapiserver.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.testing.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("client-go's in-cluster configuration")
class InClusterTest {
  @TempDir Path root;

  InCluster pod(Map<String, String> env) {
    return new InCluster(env::get, root);
  }

  void mount(String token, String ca) throws Exception {
    Path dir = Files.createDirectories(root.resolve(InCluster.MOUNT));
    if (token != null) {
      Files.writeString(dir.resolve("token"), token);
    }
    if (ca != null) {
      Files.writeString(dir.resolve("ca.crt"), ca);
    }
  }

  @Test
  @DisplayName("KUBERNETES_SERVICE_HOST or _PORT unset: not in a cluster")
  void notInCluster() throws Exception {
    mount("t", null);
    assertThat(pod(Map.of()).config()).isEmpty();
    assertThat(pod(Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1")).config()).isEmpty();
  }

  @Test
  @DisplayName("the service's address, the mounted CA and the token file (read again for every call)")
  void inCluster() throws Exception {
    mount("first", TestPki.ca("cluster").certificatePem());
    Kubeconfig k = pod(Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443")).config().orElseThrow();
    assertThat(k.server()).hasToString("https://10.96.0.1:443");
    assertThat(k.certificateAuthority()).hasSize(1);
    assertThat(k.currentToken()).contains("first");
    Files.writeString(root.resolve(InCluster.MOUNT).resolve("token"), "rotated\n");
    assertThat(k.currentToken()).contains("rotated");
  }

  @Test
  @DisplayName("an IPv6 service address is bracketed; a CA that does not load is left out (the JVM's trust applies)")
  void ipv6AndNoCa() throws Exception {
    mount("t", "not a certificate");
    Kubeconfig k = pod(Map.of("KUBERNETES_SERVICE_HOST", "fd00::1", "KUBERNETES_SERVICE_PORT", "6443")).config().orElseThrow();
    assertThat(k.server()).hasToString("https://[fd00::1]:6443");
    assertThat(k.certificateAuthority()).isEmpty();
  }

  @Test
  @DisplayName("in a cluster without a token: an error naming the token file")
  void noToken() throws Exception {
    mount(null, null);
    assertThatThrownBy(() -> pod(Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443")).config())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(root.resolve(InCluster.MOUNT).resolve("token").toString());
  }
}
