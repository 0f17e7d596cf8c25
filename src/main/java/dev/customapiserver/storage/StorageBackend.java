package dev.customapiserver.storage;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;

/** A database holding every resource; hands out one {@link ResourceStore} per resource. */
public interface StorageBackend extends AutoCloseable {

  /** The store of one resource, encoding objects with {@code codec}. */
  <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec);

  /** The newest resourceVersion committed. */
  long currentRevision();

  /**
   * The newest resourceVersion committed to {@code resource} (at least: a later one of another
   * resource may be given), when this process knows it without asking the database because no
   * other process writes to it (an embedded H2 file); -1 when it does not know. A watch cache of
   * the resource that has reached it holds every committed change of it: it answers a consistent get.
   */
  default long localRevision(GroupResource resource) {
    return -1;
  }

  /** Whether the database answers (for /readyz). */
  boolean healthy();

  /**
   * Whether what the backend serves from memory is loaded (a watch cache: the first list of every
   * resource done); true for a backend that keeps nothing in memory. For /readyz.
   */
  default boolean synced() {
    return true;
  }

  @Override
  void close();
}
