package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Fills a {@link WatchCache} from the inner store as a reflector does: a paged list (one snapshot
 * at revision R), then one inner watch of the whole resource from R with bookmarks. Runs on the
 * backend's sync thread, so no inner watcher waits for it. When the inner watch ends with an
 * error the cache is unsynced (its watchers end with that error) and the list is done again.
 */
final class CacheFeed<H extends KubeObject> {
  private static final Logger LOG = Logger.getLogger(CacheFeed.class.getName());
  private static final int PAGE = 500;
  private static final long RETRY_SECONDS = 1;

  private final ResourceStore<H> inner;
  private final WatchCache<H> cache;
  private final ScheduledExecutorService sync;
  private final CountDownLatch firstSync = new CountDownLatch(1);
  private volatile Watch watch;
  private volatile boolean stopped;

  CacheFeed(ResourceStore<H> inner, WatchCache<H> cache, ScheduledExecutorService sync) {
    this.inner = inner;
    this.cache = cache;
    this.sync = sync;
  }

  void start() {
    sync.execute(this::sync);
  }

  CountDownLatch firstSync() {
    return firstSync;
  }

  private void sync() {
    try {
      TreeMap<ObjectKey, H> objects = new TreeMap<>(WatchCache.KEY_ORDER);
      String token = null;
      long at;
      do {
        ListPage<H> page = inner.list(new ListRequest<>(null, h -> true, PAGE, token, null, ResourceVersionMatch.UNSET));
        page.items().forEach(h -> objects.put(new ObjectKey(h.metadata().namespace, h.metadata().name), h));
        at = page.resourceVersion();
        token = page.continueToken();
      } while (token != null && !stopped);
      if (stopped) {
        return;
      }
      int gen = cache.reset(objects, at);
      watch = inner.watch(new WatchRequest<>(null, null, Long.toString(at), false, true), new Listener(gen));
      if (stopped) {
        watch.close();
      }
      firstSync.countDown();
    } catch (RuntimeException e) { // a background loop: log, resync later
      LOG.log(Level.WARNING, "watch cache sync failed; retrying", e);
      cache.unsync(new StorageException(Reason.EXPIRED, null, "watch cache is resyncing", e));
      retry();
    }
  }

  private void retry() {
    if (!stopped) {
      try {
        sync.schedule(this::sync, RETRY_SECONDS, TimeUnit.SECONDS);
      } catch (RejectedExecutionException e) {
        LOG.log(Level.FINE, "backend closed; no resync", e);
      }
    }
  }

  /** Stops the feed and ends every watcher of the cache with {@code reason}. */
  void stop(StorageException reason) {
    stopped = true;
    Watch w = watch;
    if (w != null) {
      w.close();
    }
    cache.unsync(reason);
  }

  private final class Listener implements WatchListener<H> {
    private final int generation;

    Listener(int generation) {
      this.generation = generation;
    }

    @Override
    public void onEvent(WatchEvent<H> event) {
      cache.apply(generation, event);
    }

    @Override
    public void onClose(StorageException reason) {
      if (stopped) {
        return;
      }
      LOG.log(Level.INFO, "watch cache feed ended; resyncing", reason);
      cache.unsync(reason != null ? reason : new StorageException(Reason.EXPIRED, null, "watch cache feed ended"));
      retry();
    }
  }
}
