package dev.customapiserver.runtime;

/**
 * Transforms an object's stored bytes between the codec and the storage (kube's value
 * transformers): encryption at rest. Reads must accept whatever any configured provider wrote.
 * Each call names the object's storage location ({@link StorageCodec#location}, kube's storage key,
 * e.g. {@code /registry/secrets/default/db}), which authenticating providers bind the value to, so a
 * value copied to another location does not read.
 */
public interface ValueTransformer {
  /** Stores plainly. */
  ValueTransformer IDENTITY = new ValueTransformer() {
    @Override
    public byte[] toStorage(byte[] plain, String location) {
      return plain;
    }

    @Override
    public byte[] fromStorage(byte[] stored, String location) {
      return stored;
    }
  };

  /** The bytes to store for {@code plain} (the storage-version JSON) at {@code location}. */
  byte[] toStorage(byte[] plain, String location);

  /**
   * The storage-version JSON from the bytes stored at {@code location}.
   *
   * @throws IllegalStateException if no provider can read them (wrong or removed key, or a value
   *     written for another location); the message is kube's, e.g. {@code unable to transform key
   *     "/registry/secrets/default/db": cipher: message authentication failed}
   */
  byte[] fromStorage(byte[] stored, String location);
}
