package dev.customapiserver.storage.cache;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.WatchEvent.Type;

/**
 * One change the cache applied, as kept in its history window and handed to its watchers: the
 * object after the change and the one before it (for filter transitions and for rolling the state
 * back to an older revision). A BOOKMARK has neither and only moves the revision on.
 */
record Change<H>(Type type, ObjectKey key, H object, H previous, long resourceVersion) {
  static <H> Change<H> bookmark(long rv) {
    return new Change<>(Type.BOOKMARK, null, null, null, rv);
  }
}
