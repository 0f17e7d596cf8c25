package dev.customapiserver.storage.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.UnreadableValueException;
import dev.customapiserver.runtime.ValueTransformer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("EncryptionConfiguration: the first provider writes, all read")
class EncryptionConfigurationTest {
  static final GroupResource SECRETS = new GroupResource("", "secrets");
  static final GroupResource CONFIGMAPS = new GroupResource("", "configmaps");
  static final byte[] PLAIN = "{\"data\":{\"password\":\"czNjcjN0\"}}".getBytes(StandardCharsets.UTF_8);
  static final String DB = "/registry/secrets/default/db";
  static final String OTHER = "/registry/secrets/default/other";
  @TempDir Path dir;

  static String key(int fill) {
    return Base64.getEncoder().encodeToString(bytes(32, fill));
  }

  static byte[] bytes(int length, int fill) {
    byte[] k = new byte[length];
    Arrays.fill(k, (byte) fill);
    return k;
  }

  ValueTransformer secrets(String providers) throws Exception {
    Path f = Files.writeString(dir.resolve("enc-" + System.nanoTime() + ".yaml"), "apiVersion: apiserver.config.k8s.io/v1\n"
        + "kind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n" + providers);
    return EncryptionConfiguration.read(f).transformers().apply(SECRETS);
  }

  static String text(byte[] stored) {
    return new String(stored, StandardCharsets.US_ASCII);
  }

  @Test
  @DisplayName("aescbc writes kube's prefix and no plaintext; identity reads what was stored plainly")
  void aescbc() throws Exception {
    ValueTransformer t = secrets("  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n  - identity: {}\n");
    String stored = text(t.toStorage(PLAIN, DB));
    assertThat(stored).startsWith("k8s:enc:aescbc:v1:key1:").doesNotContain("czNjcjN0");
    assertThat(t.fromStorage(stored.getBytes(StandardCharsets.US_ASCII), DB)).isEqualTo(PLAIN);
    assertThat(t.fromStorage(PLAIN, DB)).isEqualTo(PLAIN);
  }

  @Test
  @DisplayName("aesgcm binds a value to its storage key: copied to another key it fails with kube's error")
  void aesgcmBindsTheKey() throws Exception {
    ValueTransformer t = secrets("  - aesgcm: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    byte[] stored = t.toStorage(PLAIN, DB);
    assertThat(text(stored)).startsWith("k8s:enc:aesgcm:v1:key1:").doesNotContain("czNjcjN0");
    assertThat(t.fromStorage(stored, DB)).isEqualTo(PLAIN);
    assertThatThrownBy(() -> t.fromStorage(stored, OTHER)).isInstanceOf(UnreadableValueException.class)
        .hasMessage("unable to transform key \"/registry/secrets/default/other\": cipher: message authentication failed");
  }

  @Test
  @DisplayName("aesgcm values written before the binding (no additional data) still read; tampered ones do not")
  void aesgcmLegacyValues() throws Exception {
    ValueTransformer t = secrets("  - aesgcm: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    byte[] nonce = bytes(12, 7);
    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
    c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(bytes(32, 1), "AES"), new GCMParameterSpec(128, nonce));
    byte[] sealed = c.doFinal(PLAIN); // what the previous version stored: nonce, ciphertext and tag, no AAD
    byte[] legacy = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array();
    byte[] stored = ("k8s:enc:aesgcm:v1:key1:" + Base64.getEncoder().encodeToString(legacy)).getBytes(StandardCharsets.US_ASCII);
    assertThat(t.fromStorage(stored, DB)).isEqualTo(PLAIN);

    legacy[legacy.length - 1] ^= 1;
    byte[] tampered = ("k8s:enc:aesgcm:v1:key1:" + Base64.getEncoder().encodeToString(legacy)).getBytes(StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> t.fromStorage(tampered, DB)).hasMessageEndingWith("cipher: message authentication failed");
    assertThat(text(t.toStorage(t.fromStorage(stored, DB), DB))).as("rewritten, the value is bound")
        .satisfies(rewritten -> assertThatThrownBy(() -> t.fromStorage(rewritten.getBytes(StandardCharsets.US_ASCII), OTHER))
            .hasMessageEndingWith("cipher: message authentication failed"));
  }

  @Test
  @DisplayName("secretbox writes kube's prefix, a 24-byte nonce and NaCl's box, and reads it back")
  void secretbox() throws Exception {
    ValueTransformer t = secrets("  - secretbox: {keys: [{name: sb1, secret: " + key(5) + "}]}\n");
    byte[] stored = t.toStorage(PLAIN, DB);
    assertThat(text(stored)).startsWith("k8s:enc:secretbox:v1:sb1:").doesNotContain("czNjcjN0");
    byte[] raw = Base64.getDecoder().decode(text(stored).substring("k8s:enc:secretbox:v1:sb1:".length()));
    assertThat(raw).hasSize(24 + 16 + PLAIN.length);
    assertThat(SecretboxProvider.unbox(bytes(32, 5), Arrays.copyOf(raw, 24), Arrays.copyOfRange(raw, 24, raw.length)))
        .isEqualTo(PLAIN);
    assertThat(t.fromStorage(stored, DB)).isEqualTo(PLAIN);
    raw[30] ^= 1;
    byte[] tampered = ("k8s:enc:secretbox:v1:sb1:" + Base64.getEncoder().encodeToString(raw)).getBytes(StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> t.fromStorage(tampered, DB)).isInstanceOf(UnreadableValueException.class)
        .hasMessageStartingWith("unable to transform key \"/registry/secrets/default/db\": ");
  }

  @Test
  @DisplayName("secretbox is NaCl's: key 1s, nonce 2s, 64 bytes of 3s give the box of the C reference implementation")
  void secretboxKnownAnswer() {
    byte[] expected = HexFormat.of().parseHex("8442bc313f4626f1359e3b50122b6ce6fe66ddfe7d39d14e637eb4fd5b45bead"
        + "ab55198df6ab5368439792a23c87db70acb6156dc5ef957ac04f6276cf6093b84be77ff0849cc33e34b7254d5a8f65ad");
    assertThat(SecretboxProvider.box(bytes(32, 1), bytes(24, 2), bytes(64, 3))).isEqualTo(expected);
    assertThat(SecretboxProvider.unbox(bytes(32, 1), bytes(24, 2), expected)).isEqualTo(bytes(64, 3));
    expected[0] ^= 1;
    assertThat(SecretboxProvider.unbox(bytes(32, 1), bytes(24, 2), expected)).isNull();
  }

  @Test
  @DisplayName("rotation: a new first key writes, the old key still reads; without identity plaintext is refused")
  void rotation() throws Exception {
    ValueTransformer old = secrets("  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    byte[] byKey1 = old.toStorage(PLAIN, DB);
    ValueTransformer rotated = secrets("  - secretbox: {keys: [{name: key3, secret: " + key(3) + "}]}\n"
        + "  - aesgcm: {keys: [{name: key2, secret: " + key(2) + "}]}\n"
        + "  - aescbc: {keys: [{name: key1, secret: " + key(1) + "}]}\n");
    assertThat(rotated.fromStorage(byKey1, DB)).isEqualTo(PLAIN);
    assertThat(text(rotated.toStorage(PLAIN, DB))).startsWith("k8s:enc:secretbox:v1:key3:");
    assertThatThrownBy(() -> rotated.fromStorage(PLAIN, DB)).hasMessageContaining("no matching prefix found");
    ValueTransformer onlyKey2 = secrets("  - aesgcm: {keys: [{name: key2, secret: " + key(2) + "}]}\n");
    assertThatThrownBy(() -> onlyKey2.fromStorage(byKey1, DB))
        .hasMessage("unable to transform key \"/registry/secrets/default/db\": no matching prefix found");
  }

  @Test
  @DisplayName("resources not named stay plain; unsupported providers and bad keys are refused at start with kube's words")
  void scope() throws Exception {
    Path f = Files.writeString(dir.resolve("enc.yaml"), "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\n"
        + "resources:\n- resources: [secrets]\n  providers:\n  - aescbc: {keys: [{name: k, secret: " + key(3) + "}]}\n");
    assertThat(EncryptionConfiguration.read(f).transformers().apply(CONFIGMAPS).toStorage(PLAIN, DB)).isEqualTo(PLAIN);
    assertThatThrownBy(() -> secrets("  - kms: {name: x}\n")).hasMessageContaining("Unsupported value: \"kms\"");
    assertThatThrownBy(() -> secrets("  - aescbc: {keys: [{name: k, secret: " + Base64.getEncoder().encodeToString(new byte[5]) + "}]}\n"))
        .hasMessage("resources[0].providers[0].aescbc.keys[0].secret: Invalid value: \"REDACTED\": "
            + "secret is not of the expected length, got 5, expected one of [16 24 32]");
    assertThatThrownBy(() -> secrets("  - secretbox: {keys: [{name: k, secret: " + Base64.getEncoder().encodeToString(new byte[16]) + "}]}\n"))
        .hasMessage("resources[0].providers[0].secretbox.keys[0].secret: Invalid value: \"REDACTED\": "
            + "secret is not of the expected length, got 16, expected one of [32]");
    assertThatThrownBy(() -> secrets("  - secretbox: {keys: [{name: k, secret: '!!'}]}\n"))
        .hasMessage("resources[0].providers[0].secretbox.keys[0].secret: Invalid value: \"REDACTED\": secrets must be base64 encoded");
    assertThatThrownBy(() -> secrets("  - secretbox: {keys: [{secret: " + key(1) + "}]}\n"))
        .hasMessage("resources[0].providers[0].secretbox.keys[0].name: Required value: name is a mandatory field for a key");
    assertThatThrownBy(() -> secrets("  - {identity: {}, aescbc: {keys: []}}\n"))
        .hasMessageContaining("more than one provider specified in a single element");
  }
}
