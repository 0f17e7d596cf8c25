package dev.customapiserver.runtime;

/**
 * Transforms an object's stored bytes between the codec and the storage (kube's value
 * transformers): encryption at rest. Reads must accept whatever any configured provider wrote.
 */
public interface ValueTransformer {
  /** Stores plainly. */
  ValueTransformer IDENTITY = new ValueTransformer() {
    @Override
    public byte[] toStorage(byte[] plain) {
      return plain;
    }

    @Override
    public byte[] fromStorage(byte[] stored) {
      return stored;
    }
  };

  /** The bytes to store for {@code plain} (the storage-version JSON). */
  byte[] toStorage(byte[] plain);

  /**
   * The storage-version JSON from stored bytes.
   *
   * @throws IllegalStateException if no provider can read them (wrong or removed key)
   */
  byte[] fromStorage(byte[] stored);
}
