package dev.customapiserver.storage.contract;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageBackend;
import java.util.List;

/**
 * What the storage contract suites need from a backend under test, beyond the contract itself:
 * open it (again: a restart, or a second server process), compact its history, and read its
 * journal of writes by its own means (the SQL change log, etcd's history, the revision log), so the
 * suites compare what the stores answer with what the backend really recorded. One fixture per
 * test, on fresh, empty storage; {@link #close} closes every backend it opened and removes the storage.
 */
public interface StorageFixture extends AutoCloseable {

  /** A new backend on this fixture's storage; the first one opened is the one under test. */
  StorageBackend open();

  /** A backend on the same storage that sends bookmarks every few milliseconds. */
  StorageBackend openBookmarking();

  /** Whether objects survive closing the backend and opening another ({@link #open} is then a restart). */
  default boolean durable() {
    return true;
  }

  /** Whether several backends may be open on the storage at once (as several server processes). */
  default boolean sharedByProcesses() {
    return true;
  }

  /** Compacts the history up to the newest revision; returns the compaction revision. */
  long compact();

  /** Every write since the storage was created that is still in its history, in revision order. */
  List<Change> journal() throws Exception;

  @Override
  void close();

  /** One write as the backend recorded it: ADDED, MODIFIED or DELETED; {@code prevResourceVersion} null for ADDED. */
  record Change(long resourceVersion, ObjectKey key, String type, Long prevResourceVersion) {}
}
