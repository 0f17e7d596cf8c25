package dev.customapiserver.storage.encryption;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

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
final class AesGcmProvider implements Provider {
  private static final int NONCE = 12;
  private static final int TAG_BITS = 128;

  private final String prefix;
  private final SecretKeySpec key;
  private final SecureRandom random;

  AesGcmProvider(String keyName, byte[] secret, SecureRandom random) {
    this.prefix = "k8s:enc:aesgcm:v1:" + keyName + ":";
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
      byte[] nonce = new byte[NONCE];
      random.nextBytes(nonce);
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      c.updateAAD(location);
      byte[] sealed = c.doFinal(plain);
      return ByteBuffer.allocate(NONCE + sealed.length).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("encrypting with " + prefix + " failed: " + e.getMessage(), e);
    }
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
    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
    c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE));
    if (bound) {
      c.updateAAD(location);
    }
    return c.doFinal(sealed, NONCE, sealed.length - NONCE);
  }
}
