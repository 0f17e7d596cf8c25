package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Encryption at rest as an operator checks it: the database files, before and after a key rotation. */
@DisplayName("--encryption-provider-config: Secrets encrypted at rest, key rotation and rewrite")
class KubectlEncryptionIT {
  static final String PLAIN = "TopSecretValue42";
  static final String MARKER = "VisibleMarker77";
  @TempDir static Path tmp;
  static Path config;
  static ServerProcess server;
  static Kubectl kubectl;

  static String key(int fill) {
    byte[] k = new byte[32];
    java.util.Arrays.fill(k, (byte) fill);
    return Base64.getEncoder().encodeToString(k);
  }

  static void writeConfig(String providers) throws IOException {
    Files.writeString(config, "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\n"
        + "resources:\n- resources: [secrets]\n  providers:\n" + providers);
  }

  @BeforeAll
  static void startServer() throws Exception {
    config = tmp.resolve("encryption.yaml");
    writeConfig("  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n  - identity: {}\n");
    server = ServerProcess.start(tmp.resolve("data"), "--encryption-provider-config", config.toString());
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  /** Everything in the database files, as Latin-1 text. */
  static String databaseFiles() throws IOException {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.walk(server.dataDir().resolve("db"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        all.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
      }
    }
    return all.toString();
  }

  /** The database files, asserted to contain {@code text} (H2 runs with WRITE_DELAY=0: a commit is on disk). */
  static String filesOnceTheyContain(String text) throws Exception {
    String files = databaseFiles();
    assertThat(files).as("the database files contain " + text).contains(text);
    return files;
  }

  @Test
  @DisplayName("no plaintext of a Secret in the database files, before and after rotating to a new key")
  void encryptedAndRotated() throws Exception {
    ok(kubectl.run("create", "secret", "generic", "db", "--from-literal=password=" + PLAIN));
    ok(kubectl.run("create", "configmap", "plain", "--from-literal=note=" + MARKER));
    String b64 = Base64.getEncoder().encodeToString(PLAIN.getBytes(StandardCharsets.UTF_8));

    String files = filesOnceTheyContain(MARKER);
    files = filesOnceTheyContain("k8s:enc:aescbc:v1:key1:");
    assertThat(files).doesNotContain(PLAIN).doesNotContain(b64);
    assertThat(ok(kubectl.run("get", "secret", "db", "-o", "jsonpath={.data.password}")).out()).isEqualTo(b64);

    writeConfig("  - aescbc: {keys: [{name: key2, secret: " + key(2) + "}]}\n"
        + "  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    server.restart();
    String all = ok(kubectl.run("get", "secrets", "-o", "json")).out();
    ok(kubectl.runWithInput(all, "replace", "-f", "-"));
    files = filesOnceTheyContain(MARKER); // the scan still reads what is stored in clear
    assertThat(files).doesNotContain(PLAIN).doesNotContain(b64);

    writeConfig("  - aescbc: {keys: [{name: key2, secret: " + key(2) + "}]}\n");
    server.restart();
    assertThat(ok(kubectl.run("get", "secret", "db", "-o", "jsonpath={.data.password}")).out())
        .as("readable with the new key alone: the rewrite moved it to key2").isEqualTo(b64);
  }
}
