package dev.customapiserver.storage.jpa;

/** Test-only access to {@link JpaStorageBackend}'s package-private operations from other packages' tests. */
public final class JpaTestHooks {
  private JpaTestHooks() {}

  /** Compacts the change log now, as far as the backend's retention allows; returns the compacted revision. */
  public static long compact(JpaStorageBackend backend) {
    return backend.compact();
  }
}
