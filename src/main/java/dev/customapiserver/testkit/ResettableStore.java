package dev.customapiserver.testkit;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ForwardingResourceStore;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** One resource's store for {@link ResettableStorage}: passes everything on, remembers a state and its watches. */
final class ResettableStore<H extends KubeObject> extends ForwardingResourceStore<H> {
  private static final System.Logger LOG = System.getLogger(ResettableStore.class.getName());
  private final StorageCodec<H> codec;
  private final List<Ending<H>> watches = new ArrayList<>();
  private Map<ObjectKey, H> marked;
  /** The resourceVersion each marked object has when it is as marked (it changes when a reset restores it). */
  private final Map<ObjectKey, String> restoredVersions = new HashMap<>();
  private boolean tracking;

  ResettableStore(ResourceStore<H> inner, StorageCodec<H> codec) {
    super(inner);
    this.codec = codec;
  }

  /** Watches opened before {@link #mark} are the server's own (controllers, informers) and are left alone. */
  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    synchronized (this) {
      if (!tracking) {
        return delegate().watch(request, listener);
      }
    }
    Ending<H> ending = new Ending<>(listener);
    ending.watch = delegate().watch(request, ending);
    synchronized (this) {
      watches.removeIf(Ending::ended);
      watches.add(ending);
    }
    return ending;
  }

  synchronized void mark() {
    marked = current();
    restoredVersions.clear();
    marked.forEach((k, h) -> restoredVersions.put(k, h.metadata().resourceVersion));
    tracking = true;
  }

  void endWatches() {
    List<Ending<H>> open;
    synchronized (this) {
      open = new ArrayList<>(watches);
      watches.clear();
    }
    open.forEach(w -> w.end(new StorageException(StorageException.Reason.EXPIRED, null,
        "the API server was reset by the test: list again")));
  }

  /** Back to the marked state; returns the number of writes. */
  synchronized int reset() {
    Map<ObjectKey, H> target = marked;
    if (target == null) {
      return 0;
    }
    Map<ObjectKey, H> now = current();
    int writes = 0;
    for (ObjectKey key : now.keySet()) {
      if (!target.containsKey(key) && quietly(() -> delegate().delete(key, Preconditions.NONE)) != null) {
        writes++;
        LOG.log(System.Logger.Level.DEBUG, "reset: deleted {0} {1}", codec.type().groupResource(), key);
      }
    }
    for (Map.Entry<ObjectKey, H> e : target.entrySet()) {
      ObjectKey key = e.getKey();
      H was = e.getValue();
      H is = now.get(key);
      H written;
      if (is == null) {
        written = quietly(() -> delegate().create(key, codec.copy(was)));
      } else if (!Objects.equals(is.metadata().resourceVersion, restoredVersions.get(key))) {
        written = quietly(() -> delegate().guaranteedUpdate(key, Preconditions.NONE, cur -> {
          H restored = codec.copy(was);
          restored.metadata().resourceVersion = cur.metadata().resourceVersion;
          return restored;
        }));
      } else {
        continue;
      }
      if (written != null) {
        writes++;
        restoredVersions.put(key, written.metadata().resourceVersion);
        LOG.log(System.Logger.Level.DEBUG, "reset: restored {0} {1}", codec.type().groupResource(), key);
      }
    }
    return writes;
  }

  private Map<ObjectKey, H> current() {
    Map<ObjectKey, H> all = new HashMap<>();
    for (H h : delegate().list(ListRequest.all(null)).items()) {
      all.put(new ObjectKey(h.metadata().namespace, h.metadata().name), h);
    }
    return all;
  }

  /** A write that another writer (a controller) may have made unnecessary meanwhile: then null. */
  private static <T> T quietly(Supplier<T> write) {
    try {
      return write.get();
    } catch (StorageException e) {
      if (e.reason() == StorageException.Reason.NOT_FOUND || e.reason() == StorageException.Reason.ALREADY_EXISTS) {
        return null;
      }
      throw e;
    }
  }

  /** A client's watch that the reset can end: events and the end pass one at a time. */
  private static final class Ending<H> implements Watch, WatchListener<H> {
    private final WatchListener<H> listener;
    private volatile Watch watch;
    private boolean ended;

    Ending(WatchListener<H> listener) {
      this.listener = listener;
    }

    synchronized boolean ended() {
      return ended;
    }

    @Override
    public synchronized void onEvent(WatchEvent<H> event) {
      if (!ended) {
        listener.onEvent(event);
      }
    }

    @Override
    public synchronized void onClose(StorageException reason) {
      if (!ended) {
        ended = true;
        listener.onClose(reason);
      }
    }

    /** Ends the watch for its listener as the store would, then stops the store's watch. */
    void end(StorageException reason) {
      onClose(reason);
      close();
    }

    @Override
    public void close() {
      synchronized (this) {
        ended = true;
      }
      Watch w = watch;
      if (w != null) {
        w.close();
      }
    }
  }
}
