package dev.customapiserver.storage.encryption;

import java.security.GeneralSecurityException;

/**
 * One provider of an EncryptionConfiguration: {@code identity} (prefix "") or a cipher with one key,
 * whose values start with {@code k8s:enc:<type>:v1:<key name>:}.
 */
interface Provider {
  /** What this provider's stored values start with; "" for identity. */
  String prefix();

  /** The value after the prefix for {@code plain}, bound to {@code location} if the cipher authenticates data. */
  byte[] seal(byte[] plain, byte[] location);

  /**
   * The plain bytes of a value after the prefix.
   *
   * @throws GeneralSecurityException if the value does not open with this key at {@code location};
   *     the message is the reason kube gives (e.g. {@code cipher: message authentication failed})
   */
  byte[] open(byte[] sealed, byte[] location) throws GeneralSecurityException;
}
