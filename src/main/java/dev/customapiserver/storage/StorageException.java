package dev.customapiserver.storage;

/**
 * A storage failure the registry translates into an API error. {@link Reason} says which; the
 * message is for logs, not for clients.
 */
public final class StorageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  public enum Reason {
    /** No object at the key. */
    NOT_FOUND,
    /** An object exists at the key already. */
    ALREADY_EXISTS,
    /** A precondition (uid, resourceVersion) did not hold. */
    PRECONDITION_FAILED,
    /** The requested resourceVersion or continue token is older than the history kept. */
    EXPIRED,
    /** A continue token or resourceVersion that cannot be read. */
    INVALID_ARGUMENT,
    /** The requested resourceVersion is newer than the store has (Exact/NotOlderThan in the future). */
    TOO_LARGE_RESOURCE_VERSION,
    /** The database failed or could not be reached. */
    UNAVAILABLE
  }

  private final Reason reason;
  private final ObjectKey key;
  private final String freshContinue;

  public StorageException(Reason reason, ObjectKey key, String message, Throwable cause) {
    this(reason, key, message, cause, null);
  }

  private StorageException(Reason reason, ObjectKey key, String message, Throwable cause, String freshContinue) {
    super(message, cause);
    this.reason = reason;
    this.key = key;
    this.freshContinue = freshContinue;
  }

  /**
   * EXPIRED for a continue token whose revision has been compacted, carrying a token that continues
   * from the same key at the current revision (an inconsistent continuation, as kube-apiserver offers).
   */
  public static StorageException expiredContinue(String message, String freshContinue) {
    return new StorageException(Reason.EXPIRED, null, message, null, freshContinue);
  }

  public StorageException(Reason reason, ObjectKey key, String message) {
    this(reason, key, message, null);
  }

  public Reason reason() {
    return reason;
  }

  /** For an expired continue token: a token continuing from the same key at the current revision; else null. */
  public String freshContinue() {
    return freshContinue;
  }

  /** The key concerned, or {@code null} for list-level failures. */
  public ObjectKey key() {
    return key;
  }
}
