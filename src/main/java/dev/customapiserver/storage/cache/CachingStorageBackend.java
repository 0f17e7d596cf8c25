package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ForwardingStorageBackend;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * A watch cache in front of any {@link StorageBackend} (Kubernetes' cacher): one in-memory copy of
 * every resource asked for, fed by one inner watch per resource, serving lists at
 * {@code resourceVersion=0} and watches from memory. See the package documentation.
 */
public final class CachingStorageBackend extends ForwardingStorageBackend {
  private static final int DELIVERY_THREADS = Math.max(4, Runtime.getRuntime().availableProcessors());
  private final int windowSize;
  private final Map<GroupResource, Entry<?>> caches = new ConcurrentHashMap<>();
  /** Drains watcher queues; listeners must not block (WatchListener), so a few threads serve any number of watches. */
  private final ExecutorService delivery = Executors.newFixedThreadPool(DELIVERY_THREADS, daemon("watch-cache-delivery"));
  private final ScheduledThreadPoolExecutor sync = syncExecutor();

  /** @param windowSize how many recent changes of each resource the cache keeps for watches (&gt;= 0) */
  public CachingStorageBackend(StorageBackend inner, int windowSize) {
    super(inner);
    if (windowSize < 0) {
      throw new IllegalArgumentException("windowSize >= 0 required");
    }
    this.windowSize = windowSize;
  }

  private record Entry<H extends KubeObject>(CachedStore<H> store, CacheFeed<H> feed, StorageCodec<H> codec) {}

  /**
   * The caching store of {@code resource}. Asked again with another codec (a resource defined at run
   * time whose definition changed: another storage version, other conversions), the cache is
   * rebuilt with it: the old one's watches end (as kube-apiserver ends them when a
   * CustomResourceDefinition changes) and the objects are listed and decoded again, so that the
   * cache never holds objects decoded by a definition no longer served.
   */
  @Override
  @SuppressWarnings("unchecked")
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    Entry<?>[] replaced = new Entry<?>[1];
    Entry<H> e = (Entry<H>) caches.compute(resource, (r, old) -> {
      if (old != null && old.codec() == codec) {
        return old;
      }
      replaced[0] = old;
      return open(r, codec);
    });
    if (replaced[0] != null) {
      replaced[0].feed().stop(null);
    }
    return e.store();
  }

  private <H extends KubeObject> Entry<H> open(GroupResource resource, StorageCodec<H> codec) {
    ResourceStore<H> store = delegate().forResource(resource, codec);
    WatchCache<H> cache = new WatchCache<>(windowSize);
    CacheFeed<H> feed = new CacheFeed<>(store, cache, sync);
    feed.start();
    int queueLimit = Math.max(1000, 10 * windowSize);
    return new Entry<>(new CachedStore<>(store, cache, delivery, queueLimit, codec,
        () -> delegate().localRevision(resource)), feed, codec);
  }

  /**
   * Waits until the cache of every resource asked for so far has done its first list (until then
   * it serves from the inner store). For readiness checks and tests.
   *
   * @return false if {@code timeout} passed first
   */
  public boolean awaitSynced(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Entry<?> e : List.copyOf(caches.values())) {
      if (!e.feed().firstSync().await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        return false;
      }
    }
    return true;
  }

  /** True once the cache of every resource asked for so far has done its first list. */
  @Override
  public boolean synced() {
    return caches.values().stream().allMatch(e -> e.feed().firstSync().getCount() == 0);
  }

  /**
   * Ends every watch with UNAVAILABLE, then closes the inner backend once a cache fill still
   * listing has finished: closing the database under a running query fails the close (EclipseLink's
   * statement cache is not safe against it) and leaves the database files open. The fill is not
   * interrupted (an interrupt during file I/O closes an H2 database); a retry not yet started is
   * dropped.
   */
  @Override
  public void close() {
    sync.shutdown();
    StorageException closing = new StorageException(Reason.UNAVAILABLE, null, "storage closed");
    for (Entry<?> e : new ArrayList<>(caches.values())) {
      e.feed().stop(closing);
    }
    delivery.shutdown();
    try {
      sync.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    super.close();
  }

  private static ScheduledThreadPoolExecutor syncExecutor() {
    ScheduledThreadPoolExecutor sync = new ScheduledThreadPoolExecutor(1, daemon("watch-cache-sync"));
    sync.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    return sync;
  }

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
