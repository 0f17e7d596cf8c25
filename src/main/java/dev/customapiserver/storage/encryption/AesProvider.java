package dev.customapiserver.storage.encryption;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * {@code aescbc} (AES-CBC, PKCS#7 padding, a random 16-byte IV before the ciphertext) and
 * {@code aesgcm} (AES-GCM, a random 12-byte nonce before the ciphertext and its 16-byte tag), with
 * the JDK's ciphers; keys of 16, 24 or 32 bytes.
 */
final class AesProvider implements Provider {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String prefix;
  private final boolean gcm;
  private final SecretKeySpec key;

  AesProvider(String type, String keyName, byte[] secret) {
    if (secret.length != 16 && secret.length != 24 && secret.length != 32) {
      throw new IllegalArgumentException("key \"" + keyName + "\" of " + type + " must be 16, 24 or 32 bytes, not " + secret.length);
    }
    this.prefix = "k8s:enc:" + type + ":v1:" + keyName + ":";
    this.gcm = type.equals("aesgcm");
    this.key = new SecretKeySpec(secret, "AES");
  }

  @Override
  public String prefix() {
    return prefix;
  }

  @Override
  public byte[] seal(byte[] plain) {
    try {
      byte[] iv = new byte[gcm ? 12 : 16];
      RANDOM.nextBytes(iv);
      Cipher c = Cipher.getInstance(gcm ? "AES/GCM/NoPadding" : "AES/CBC/PKCS5Padding");
      c.init(Cipher.ENCRYPT_MODE, key, gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
      byte[] sealed = c.doFinal(plain);
      return ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("encrypting with " + prefix + " failed: " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] open(byte[] sealed) {
    int ivLength = gcm ? 12 : 16;
    if (sealed.length < ivLength) {
      throw new IllegalStateException("the data is too short to have been written by " + prefix);
    }
    try {
      Cipher c = Cipher.getInstance(gcm ? "AES/GCM/NoPadding" : "AES/CBC/PKCS5Padding");
      byte[] iv = Arrays.copyOf(sealed, ivLength);
      c.init(Cipher.DECRYPT_MODE, key, gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
      return c.doFinal(sealed, ivLength, sealed.length - ivLength);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("decrypting with " + prefix + " failed: " + e.getMessage(), e);
    }
  }
}
