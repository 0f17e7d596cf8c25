package dev.customapiserver.runtime;

/**
 * A stored value no configured provider can read (wrong or removed key, tampered data, or a value
 * written for another storage location). The message is kube's: {@code unable to transform key
 * "<location>": <reason>}; the API answers it as 500 InternalError, as kube-apiserver does.
 */
public final class UnreadableValueException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String location;

  public UnreadableValueException(String location, String reason, Throwable cause) {
    super("unable to transform key \"" + location + "\": " + reason, cause);
    this.location = location;
  }

  /** The storage location ({@link StorageCodec#location}) of the value. */
  public String location() {
    return location;
  }
}
