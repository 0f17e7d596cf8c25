package dev.customapiserver.storage.encryption;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the AES providers share: the configured secret as an AES key, the prefix naming the
 * provider type and the key, the JDK's cipher, and a sealed value as a random IV (or nonce)
 * followed by the cipher's output.
 */
abstract class AesProvider implements Provider {
  private final String prefix;
  private final SecretKeySpec key;
  private final SecureRandom random;
  private final String transformation;
  private final int ivLength;

  /**
   * @param type the provider type in the prefix ({@code aescbc}, {@code aesgcm})
   * @param transformation the JDK's name of the cipher
   * @param ivLength how many random bytes start a sealed value
   */
  AesProvider(String type, String transformation, int ivLength, String keyName, byte[] secret, SecureRandom random) {
    this.prefix = "k8s:enc:" + type + ":v1:" + keyName + ":";
    this.key = new SecretKeySpec(secret, "AES");
    this.random = random;
    this.transformation = transformation;
    this.ivLength = ivLength;
  }

  @Override
  public final String prefix() {
    return prefix;
  }

  /** The cipher's parameters for the IV that starts {@code sealed}. */
  abstract AlgorithmParameterSpec parameters(byte[] sealed);

  /** Passes to the cipher what it authenticates besides the value; nothing unless overridden. */
  void authenticate(Cipher cipher, byte[] location) {}

  @Override
  public final byte[] seal(byte[] plain, byte[] location) {
    try {
      byte[] iv = new byte[ivLength];
      random.nextBytes(iv);
      Cipher c = cipher(Cipher.ENCRYPT_MODE, iv);
      authenticate(c, location);
      byte[] sealed = c.doFinal(plain);
      return ByteBuffer.allocate(ivLength + sealed.length).put(iv).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("encrypting with " + prefix + " failed: " + e.getMessage(), e);
    }
  }

  /** The cipher set up in {@code mode} with the key and the IV that starts {@code sealed}. */
  final Cipher cipher(int mode, byte[] sealed) throws GeneralSecurityException {
    Cipher c = Cipher.getInstance(transformation);
    c.init(mode, key, parameters(sealed));
    return c;
  }
}
