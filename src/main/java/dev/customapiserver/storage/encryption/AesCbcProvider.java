package dev.customapiserver.storage.encryption;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code aescbc}: AES-CBC with PKCS#7 padding, a random 16-byte IV before the ciphertext, the JDK's
 * cipher. CBC authenticates nothing, so the value is not bound to its location (as in kube).
 */
final class AesCbcProvider extends AesProvider {
  private static final int IV = 16;

  AesCbcProvider(String keyName, byte[] secret, SecureRandom random) {
    super("aescbc", "AES/CBC/PKCS5Padding", IV, keyName, secret, random);
  }

  @Override
  AlgorithmParameterSpec parameters(byte[] sealed) {
    return new IvParameterSpec(sealed, 0, IV);
  }

  @Override
  public byte[] open(byte[] sealed, byte[] location) throws GeneralSecurityException {
    if (sealed.length < IV) {
      throw new GeneralSecurityException("the stored data was shorter than the required size");
    }
    if ((sealed.length - IV) % 16 != 0) {
      throw new GeneralSecurityException("the stored data is not a multiple of the block size");
    }
    Cipher c = cipher(Cipher.DECRYPT_MODE, sealed);
    try {
      return c.doFinal(sealed, IV, sealed.length - IV);
    } catch (GeneralSecurityException e) {
      throw new GeneralSecurityException("invalid padding on input", e);
    }
  }
}
