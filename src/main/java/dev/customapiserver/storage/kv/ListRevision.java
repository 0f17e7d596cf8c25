package dev.customapiserver.storage.kv;

import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;

/** Reads a list's resourceVersion parameter against a store's current and compacted revisions. */
public final class ListRevision {
  private ListRevision() {}

  /**
   * The revision a list reads at: {@code current} unless {@code match} is {@code Exact}, which reads
   * at the named revision.
   *
   * @throws StorageException INVALID_ARGUMENT for an unreadable parameter, TOO_LARGE_RESOURCE_VERSION
   *     for one newer than {@code current}, EXPIRED for an {@code Exact} one below {@code compacted}
   */
  public static long readAt(String rv, ResourceVersionMatch match, long current, long compacted) {
    if (rv == null || rv.isEmpty()) {
      if (match == ResourceVersionMatch.EXACT || match == ResourceVersionMatch.NOT_OLDER_THAN) {
        throw new StorageException(Reason.INVALID_ARGUMENT, null, "resourceVersionMatch needs a resourceVersion");
      }
      return current;
    }
    long wanted = parse(rv);
    if (wanted > current) {
      throw new StorageException(Reason.TOO_LARGE_RESOURCE_VERSION, null,
          "Too large resource version: " + wanted + ", current: " + current);
    }
    if (match == ResourceVersionMatch.EXACT) {
      if (wanted < compacted) {
        throw new StorageException(Reason.EXPIRED, null, "resourceVersion " + wanted
            + " is older than the compacted revision " + compacted);
      }
      return wanted;
    }
    return current;
  }

  /** A non-negative revision. @throws StorageException INVALID_ARGUMENT */
  public static long parse(String rv) {
    try {
      long wanted = Long.parseLong(rv);
      if (wanted >= 0) {
        return wanted;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new StorageException(Reason.INVALID_ARGUMENT, null, "invalid resourceVersion: " + rv);
  }

  /**
   * A watch's start: {@code null} for "the current state first" (no resourceVersion, or {@code "0"}),
   * else the revision after which changes are replayed. @throws StorageException INVALID_ARGUMENT
   */
  public static Long watchFrom(String rv) {
    return rv == null || rv.isEmpty() || "0".equals(rv) ? null : parse(rv);
  }
}
