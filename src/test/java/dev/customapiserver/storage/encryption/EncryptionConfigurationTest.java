package dev.customapiserver.storage.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ValueTransformer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("EncryptionConfiguration: the first provider writes, all read")
class EncryptionConfigurationTest {
  static final GroupResource SECRETS = new GroupResource("", "secrets");
  static final GroupResource CONFIGMAPS = new GroupResource("", "configmaps");
  static final byte[] PLAIN = "{\"data\":{\"password\":\"czNjcjN0\"}}".getBytes(StandardCharsets.UTF_8);
  @TempDir Path dir;

  static String key(int fill) {
    byte[] k = new byte[32];
    java.util.Arrays.fill(k, (byte) fill);
    return Base64.getEncoder().encodeToString(k);
  }

  ValueTransformer secrets(String providers) throws Exception {
    Path f = Files.writeString(dir.resolve("enc-" + System.nanoTime() + ".yaml"), "apiVersion: apiserver.config.k8s.io/v1\n"
        + "kind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n" + providers);
    return EncryptionConfiguration.read(f).transformers().apply(SECRETS);
  }

  @Test
  @DisplayName("aescbc writes kube's prefix and no plaintext; identity reads what was stored plainly")
  void aescbc() throws Exception {
    ValueTransformer t = secrets("  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n  - identity: {}\n");
    String stored = new String(t.toStorage(PLAIN), StandardCharsets.US_ASCII);
    assertThat(stored).startsWith("k8s:enc:aescbc:v1:key1:").doesNotContain("czNjcjN0");
    assertThat(t.fromStorage(stored.getBytes(StandardCharsets.US_ASCII))).isEqualTo(PLAIN);
    assertThat(t.fromStorage(PLAIN)).isEqualTo(PLAIN);
  }

  @Test
  @DisplayName("rotation: a new first key writes, the old key still reads; without identity plaintext is refused")
  void rotation() throws Exception {
    ValueTransformer old = secrets("  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    byte[] byKey1 = old.toStorage(PLAIN);
    ValueTransformer rotated = secrets("  - aesgcm: {keys: [{name: key2, secret: " + key(2) + "}]}\n"
        + "  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    assertThat(rotated.fromStorage(byKey1)).isEqualTo(PLAIN);
    assertThat(new String(rotated.toStorage(PLAIN), StandardCharsets.US_ASCII)).startsWith("k8s:enc:aesgcm:v1:key2:");
    assertThatThrownBy(() -> rotated.fromStorage(PLAIN)).hasMessageContaining("no matching prefix found");
    ValueTransformer onlyKey2 = secrets("  - aesgcm: {keys: [{name: key2, secret: " + key(2) + "}]}\n");
    assertThatThrownBy(() -> onlyKey2.fromStorage(byKey1)).hasMessageContaining("no matching prefix found");
  }

  @Test
  @DisplayName("resources not named stay plain; unsupported providers and bad keys are refused at start")
  void scope() throws Exception {
    Path f = Files.writeString(dir.resolve("enc.yaml"), "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\n"
        + "resources:\n- resources: [secrets]\n  providers:\n  - aescbc: {keys: [{name: k, secret: " + key(3) + "}]}\n");
    assertThat(EncryptionConfiguration.read(f).transformers().apply(CONFIGMAPS).toStorage(PLAIN)).isEqualTo(PLAIN);
    assertThatThrownBy(() -> secrets("  - kms: {name: x}\n")).hasMessageContaining("Unsupported value: \"kms\"");
    assertThatThrownBy(() -> secrets("  - aescbc: {keys: [{name: k, secret: " + Base64.getEncoder().encodeToString(new byte[5]) + "}]}\n"))
        .hasMessageContaining("must be 16, 24 or 32 bytes");
  }
}
