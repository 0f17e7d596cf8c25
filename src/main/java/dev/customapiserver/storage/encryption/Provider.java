package dev.customapiserver.storage.encryption;

/**
 * One provider of an EncryptionConfiguration: {@code identity} (prefix "") or a cipher with one key,
 * whose values start with {@code k8s:enc:<type>:v1:<key name>:}.
 */
interface Provider {
  /** What this provider's stored values start with; "" for identity. */
  String prefix();

  /** The value after the prefix for {@code plain}. */
  byte[] seal(byte[] plain);

  /** The plain bytes of a value after the prefix. */
  byte[] open(byte[] sealed);
}
