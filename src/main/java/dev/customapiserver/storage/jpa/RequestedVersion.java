package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;

/** Checks a list's resourceVersion parameter against the database's current revision. */
final class RequestedVersion {
  private RequestedVersion() {}

  /**
   * Any version up to the current one is fine for {@code NotOlderThan}/unset (we serve the newest);
   * {@code Exact} may name any revision not older than the compaction revision (served from the change log).
   */
  static void check(String rv, ResourceVersionMatch match, Revisions.Snapshot now) {
    if (rv == null) {
      if (match == ResourceVersionMatch.EXACT || match == ResourceVersionMatch.NOT_OLDER_THAN) {
        throw new StorageException(Reason.INVALID_ARGUMENT, null, "resourceVersionMatch needs a resourceVersion");
      }
      return;
    }
    long wanted;
    try {
      wanted = Long.parseLong(rv);
    } catch (NumberFormatException e) {
      throw new StorageException(Reason.INVALID_ARGUMENT, null, "invalid resourceVersion: " + rv, e);
    }
    if (wanted < 0) {
      throw new StorageException(Reason.INVALID_ARGUMENT, null, "invalid resourceVersion: " + rv);
    }
    if (wanted > now.revision()) {
      throw new StorageException(Reason.TOO_LARGE_RESOURCE_VERSION, null,
          "Too large resource version: " + wanted + ", current: " + now.revision());
    }
    if (match == ResourceVersionMatch.EXACT && wanted < now.compacted()) {
      throw new StorageException(Reason.EXPIRED, null, "resourceVersion " + wanted
          + " is older than the compacted revision " + now.compacted());
    }
  }
}
