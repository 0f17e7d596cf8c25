package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * aesgcm binds a Secret's stored value to its storage key: someone with write access to the
 * database who copies one Secret's encrypted value onto another's row gets kube's error from the
 * server, not the first Secret's plaintext under the second name.
 */
@DisplayName("--encryption-provider-config aesgcm: a value copied to another key does not read")
class KubectlEncryptionBindingIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void startServer() throws Exception {
    Path config = Files.writeString(tmp.resolve("encryption.yaml"), "apiVersion: apiserver.config.k8s.io/v1\n"
        + "kind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n"
        + "  - aesgcm: {keys: [{name: key1, secret: " + Base64.getEncoder().encodeToString(new byte[32]) + "}]}\n");
    server = ServerProcess.start(tmp.resolve("data"), "--encryption-provider-config", config.toString());
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("kubectl get of the Secret whose row holds another Secret's value: InternalError naming the key")
  void copiedValue() throws Exception {
    assertThat(kubectl.run("create", "secret", "generic", "a", "--from-literal=password=only-for-a").exitCode()).isZero();
    assertThat(kubectl.run("create", "secret", "generic", "b", "--from-literal=password=only-for-b").exitCode()).isZero();
    server.close(); // graceful: the H2 file is free for the "attacker"
    try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + server.dataDir().toAbsolutePath().resolve("db/apiserver"), "sa", "");
        PreparedStatement copy = c.prepareStatement("UPDATE stored_objects SET data = (SELECT data FROM stored_objects "
            + "WHERE resource = 'secrets' AND namespace = 'default' AND name = 'a') "
            + "WHERE resource = 'secrets' AND namespace = 'default' AND name = 'b'")) {
      assertThat(copy.executeUpdate()).isEqualTo(1);
    }
    server.restart();

    Kubectl.Result b = kubectl.run("get", "secret", "b", "-o", "jsonpath={.data.password}");
    assertThat(b.exitCode()).as(b.toString()).isNotZero();
    assertThat(b.err()).contains("Error from server (InternalError): Internal error occurred: "
        + "unable to transform key \"/registry/secrets/default/b\": cipher: message authentication failed");
    assertThat(b.out()).doesNotContain(Base64.getEncoder().encodeToString("only-for-a".getBytes()));
    Kubectl.Result a = kubectl.run("get", "secret", "a", "-o", "jsonpath={.data.password}");
    assertThat(a.out()).as(a.toString()).isEqualTo(Base64.getEncoder().encodeToString("only-for-a".getBytes()));
  }
}
