package dev.customapiserver.storage.memory;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.kv.KeyChange;

/**
 * Makes a write durable before the engine applies it (the file backend's files and revision log).
 * Called under the engine's monitor, one write at a time, in revision order; throwing refuses the
 * write (nothing changes, the revision is not used).
 */
@FunctionalInterface
public interface WriteAhead {
  WriteAhead NONE = (resource, change, external) -> {};

  /**
   * @param external whether the change was made outside the server (already on disk: only the
   *     revision log is to be written)
   */
  void write(GroupResource resource, KeyChange change, boolean external);
}
