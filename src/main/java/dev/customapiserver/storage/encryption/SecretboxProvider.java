package dev.customapiserver.storage.encryption;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.crypto.engines.XSalsa20Engine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * {@code secretbox}: NaCl's secretbox (XSalsa20 and Poly1305) with a 32-byte key, a random 24-byte
 * nonce before the box, built from BouncyCastle's XSalsa20 and Poly1305 primitives. The box is
 * NaCl's: the first 32 bytes of the XSalsa20 key stream are the Poly1305 key, the rest encrypts the
 * message, and the 16-byte tag of the ciphertext comes first. As in kube, the location is not
 * authenticated (secretbox takes no additional data).
 */
final class SecretboxProvider implements Provider {
  static final int KEY = 32;
  private static final int NONCE = 24;
  private static final int TAG = 16;

  private final String prefix;
  private final byte[] key;
  private final SecureRandom random;

  SecretboxProvider(String keyName, byte[] secret, SecureRandom random) {
    this.prefix = "k8s:enc:secretbox:v1:" + keyName + ":";
    this.key = secret.clone();
    this.random = random;
  }

  @Override
  public String prefix() {
    return prefix;
  }

  @Override
  public byte[] seal(byte[] plain, byte[] location) {
    byte[] nonce = new byte[NONCE];
    random.nextBytes(nonce);
    byte[] box = box(key, nonce, plain);
    byte[] out = Arrays.copyOf(nonce, NONCE + box.length);
    System.arraycopy(box, 0, out, NONCE, box.length);
    return out;
  }

  @Override
  public byte[] open(byte[] sealed, byte[] location) throws GeneralSecurityException {
    if (sealed.length < NONCE + TAG) {
      throw new GeneralSecurityException("the stored data was shorter than the required size");
    }
    byte[] plain = unbox(key, Arrays.copyOf(sealed, NONCE), Arrays.copyOfRange(sealed, NONCE, sealed.length));
    if (plain == null) {
      throw new GeneralSecurityException("output array was not large enough for encryption");
    }
    return plain;
  }

  /** NaCl's {@code crypto_secretbox}: tag (16 bytes) then ciphertext. */
  static byte[] box(byte[] key, byte[] nonce, byte[] message) {
    XSalsa20Engine stream = stream(key, nonce);
    byte[] macKey = keyStream(stream);
    byte[] out = new byte[TAG + message.length];
    stream.processBytes(message, 0, message.length, out, TAG);
    mac(macKey, out, TAG, message.length, out);
    return out;
  }

  /** NaCl's {@code crypto_secretbox_open}: the message, or null if the tag does not verify. */
  static byte[] unbox(byte[] key, byte[] nonce, byte[] box) {
    if (box.length < TAG) {
      return null;
    }
    XSalsa20Engine stream = stream(key, nonce);
    byte[] macKey = keyStream(stream);
    byte[] expected = new byte[TAG];
    mac(macKey, box, TAG, box.length - TAG, expected);
    if (!org.bouncycastle.util.Arrays.constantTimeAreEqual(TAG, expected, 0, box, 0)) {
      return null;
    }
    byte[] message = new byte[box.length - TAG];
    stream.processBytes(box, TAG, message.length, message, 0);
    return message;
  }

  private static XSalsa20Engine stream(byte[] key, byte[] nonce) {
    XSalsa20Engine engine = new XSalsa20Engine();
    engine.init(true, new ParametersWithIV(new KeyParameter(key), nonce));
    return engine;
  }

  /** The first 32 bytes of the key stream: the one-time Poly1305 key. */
  private static byte[] keyStream(XSalsa20Engine stream) {
    byte[] macKey = new byte[32];
    stream.processBytes(new byte[32], 0, 32, macKey, 0);
    return macKey;
  }

  private static void mac(byte[] macKey, byte[] data, int offset, int length, byte[] tagOut) {
    Poly1305 poly = new Poly1305();
    poly.init(new KeyParameter(macKey));
    poly.update(data, offset, length);
    poly.doFinal(tagOut, 0);
  }
}
