package dev.customapiserver.storage.encryption;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * {@code aesgcm}: AES-GCM with a random 12-byte nonce before the ciphertext and its 16-byte tag,
 * the JDK's cipher. As kube's transformer, the value's storage location is the additional
 * authenticated data: a value copied to another key fails with {@code cipher: message
 * authentication failed}.
 *
 * <p>Values written by this server before it bound them (its first aesgcm, no additional data)
 * still read: when the bound tag does not verify, the value is tried once without additional data.
 * Such legacy values are not bound to their location until rewritten ({@code kubectl get secrets
 * -A -o json | kubectl replace -f -}); rotating to a new key name after the rewrite leaves none.
 */
final class AesGcmProvider extends AesProvider {
  private static final int NONCE = 12;
  private static final int TAG_BITS = 128;

  AesGcmProvider(String keyName, byte[] secret, SecureRandom random) {
    super("aesgcm", "AES/GCM/NoPadding", NONCE, keyName, secret, random);
  }

  @Override
  AlgorithmParameterSpec parameters(byte[] sealed) {
    return new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE);
  }

  /** The value's storage location, as kube's transformer binds it. */
  @Override
  void authenticate(Cipher cipher, byte[] location) {
    cipher.updateAAD(location);
  }

  @Override
  public byte[] open(byte[] sealed, byte[] location) throws GeneralSecurityException {
    if (sealed.length < NONCE + TAG_BITS / 8) {
      throw new GeneralSecurityException("the stored data was shorter than the required size");
    }
    try {
      return open(sealed, location, true);
    } catch (AEADBadTagException bound) {
      try {
        return open(sealed, location, false); // written before values were bound to their location
      } catch (AEADBadTagException legacy) {
        throw new GeneralSecurityException("cipher: message authentication failed", bound);
      }
    }
  }

  private byte[] open(byte[] sealed, byte[] location, boolean bound) throws GeneralSecurityException {
    Cipher c = cipher(Cipher.DECRYPT_MODE, sealed);
    if (bound) {
      authenticate(c, location);
    }
    return c.doFinal(sealed, NONCE, sealed.length - NONCE);
  }
}
