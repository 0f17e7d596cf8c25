package dev.customapiserver.storage.encryption;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * {@code aescbc}: AES-CBC with PKCS#7 padding, a random 16-byte IV before the ciphertext, the JDK's
 * cipher. CBC authenticates nothing, so the value is not bound to its location (as in kube).
 */
final class AesCbcProvider implements Provider {
  private final String prefix;
  private final SecretKeySpec key;
  private final SecureRandom random;

  AesCbcProvider(String keyName, byte[] secret, SecureRandom random) {
    this.prefix = "k8s:enc:aescbc:v1:" + keyName + ":";
    this.key = new SecretKeySpec(secret, "AES");
    this.random = random;
  }

  @Override
  public String prefix() {
    return prefix;
  }

  @Override
  public byte[] seal(byte[] plain, byte[] location) {
    try {
      byte[] iv = new byte[16];
      random.nextBytes(iv);
      Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
      c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
      byte[] sealed = c.doFinal(plain);
      return ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("encrypting with " + prefix + " failed: " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] open(byte[] sealed, byte[] location) throws GeneralSecurityException {
    if (sealed.length < 16) {
      throw new GeneralSecurityException("the stored data was shorter than the required size");
    }
    if ((sealed.length - 16) % 16 != 0) {
      throw new GeneralSecurityException("the stored data is not a multiple of the block size");
    }
    Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
    c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(sealed, 0, 16));
    try {
      return c.doFinal(sealed, 16, sealed.length - 16);
    } catch (GeneralSecurityException e) {
      throw new GeneralSecurityException("invalid padding on input", e);
    }
  }
}
