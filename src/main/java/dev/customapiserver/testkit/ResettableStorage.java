package dev.customapiserver.testkit;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ForwardingStorageBackend;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's storage as the testkit sees it: every resource store the server opens is kept, so
 * that {@link #mark} can remember what the server holds when it is ready and {@link #reset} can
 * bring every resource back to that, below the REST API (no admission, no finalizers, no graceful
 * deletion: objects a test made are simply gone, bootstrap objects are as they were). The writes
 * are ordinary storage writes with new resourceVersions, so caches, controllers and informers see
 * them as changes, and the watches clients opened after {@link #mark} are ended (410 Expired, which
 * makes informers list again).
 */
final class ResettableStorage extends ForwardingStorageBackend {
  private static final System.Logger LOG = System.getLogger(ResettableStorage.class.getName());
  private final Map<GroupResource, ResettableStore<?>> stores = new LinkedHashMap<>();

  ResettableStorage(StorageBackend inner) {
    super(inner);
  }

  @Override
  public synchronized <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    ResettableStore<H> store = new ResettableStore<>(delegate().forResource(resource, codec), codec);
    stores.putIfAbsent(resource, store);
    return store;
  }

  private synchronized List<ResettableStore<?>> stores() {
    return new ArrayList<>(stores.values());
  }

  /** Remembers what every resource holds now, as the state {@link #reset} returns to. */
  void mark() {
    stores().forEach(ResettableStore::mark);
  }

  /**
   * Ends the watches opened since {@link #mark}, deletes what was created since, restores what was
   * changed or deleted; returns how many objects it wrote.
   */
  int reset() {
    long started = System.nanoTime();
    List<ResettableStore<?>> all = stores();
    all.forEach(ResettableStore::endWatches);
    int written = 0;
    for (ResettableStore<?> s : all) {
      written += s.reset();
    }
    LOG.log(System.Logger.Level.INFO, "Reset: {0} objects deleted or restored in {1} ms", written,
        (System.nanoTime() - started) / 1_000_000);
    return written;
  }
}
