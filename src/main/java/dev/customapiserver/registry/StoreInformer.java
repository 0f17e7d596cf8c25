package dev.customapiserver.registry;

import dev.customapiserver.admission.NotReadyException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Lists the resource at resourceVersion 0 (from the watch cache when it is on), then watches from
 * the list's revision; relists after a second when the watch ends with an error (e.g. 410 Expired).
 * Reads wait until the first list is in and every write of this process ({@link WriteTracking}) has
 * arrived, at most {@code syncTimeout}, else {@link NotReadyException}.
 */
final class StoreInformer<H extends KubeObject> implements Informer<H> {
  private static final Logger LOG = Logger.getLogger(StoreInformer.class.getName());

  private final GroupResource resource;
  private final WriteTracking<H> store;
  private final ScheduledExecutorService executor;
  private final Duration syncTimeout;
  private final List<Consumer<H>> handlers = new CopyOnWriteArrayList<>();
  private final Object progress = new Object();
  private volatile Map<ObjectKey, H> objects = new ConcurrentHashMap<>();
  private long revision = -1; // guarded by progress; -1 until the first list is in
  private boolean started; // guarded by this
  private Watch watch; // guarded by this
  private boolean closed; // guarded by this

  StoreInformer(GroupResource resource, WriteTracking<H> store, ScheduledExecutorService executor, Duration syncTimeout) {
    this.resource = resource;
    this.store = store;
    this.executor = executor;
    this.syncTimeout = syncTimeout;
  }

  @Override
  public synchronized void start() {
    if (!started && !closed) {
      started = true;
      executor.execute(this::relist);
    }
  }

  @Override
  public void onChange(Consumer<H> handler) {
    handlers.add(handler);
    executor.execute(() -> {
      synchronized (progress) {
        if (revision < 0) {
          return; // the first list will hand everything over
        }
      }
      objects.values().forEach(handler);
    });
  }

  @Override
  public Optional<H> get(String namespace, String name) {
    awaitSynced();
    return Optional.ofNullable(objects.get(new ObjectKey(namespace, name)));
  }

  @Override
  public List<H> list(String namespace) {
    awaitSynced();
    return objects.entrySet().stream()
        .filter(e -> namespace == null || e.getKey().namespace().equals(namespace))
        .map(Map.Entry::getValue).toList();
  }

  @Override
  public Optional<H> lookup(String namespace, String name) {
    try {
      return Optional.of(store.get(new ObjectKey(namespace, name)));
    } catch (StorageException e) {
      if (e.reason() == StorageException.Reason.NOT_FOUND) {
        return Optional.empty();
      }
      throw StorageErrors.translate(e, resource, name);
    }
  }

  private void awaitSynced() {
    start();
    long wanted = store.lastWritten();
    long deadline = System.nanoTime() + syncTimeout.toNanos();
    synchronized (progress) {
      while (revision < 0 || revision < wanted) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new NotReadyException("the cache of " + resource + " has not synced within " + syncTimeout.toSeconds() + " s");
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(progress, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new NotReadyException("interrupted while waiting for the cache of " + resource);
        }
      }
    }
  }

  private void advance(long rv) {
    synchronized (progress) {
      if (rv > revision) {
        revision = rv;
        progress.notifyAll();
      }
    }
  }

  private void relist() {
    synchronized (this) {
      if (closed) {
        return;
      }
    }
    try {
      ResourceStore<H> inner = store.inner();
      ListPage<H> page = inner.list(new ListRequest<>(null, h -> true, 0, null, "0", ResourceVersionMatch.UNSET));
      Map<ObjectKey, H> fresh = new ConcurrentHashMap<>();
      page.items().forEach(h -> fresh.put(keyOf(h), h));
      objects = fresh;
      advance(page.resourceVersion());
      page.items().forEach(this::notifyHandlers);
      Watch w = inner.watch(new WatchRequest<>(null, h -> true, Long.toString(page.resourceVersion()), false, false),
          new Listener());
      synchronized (this) {
        if (closed) {
          w.close();
        } else {
          watch = w;
        }
      }
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "listing " + resource + " failed, retrying", e);
      retryLater();
    }
  }

  private synchronized void retryLater() {
    if (!closed) {
      executor.schedule(this::relist, 1, TimeUnit.SECONDS);
    }
  }

  private void notifyHandlers(H obj) {
    for (Consumer<H> h : handlers) {
      try {
        h.accept(obj);
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "a handler of " + resource + " failed", e);
      }
    }
  }

  private static ObjectKey keyOf(KubeObject h) {
    return new ObjectKey(h.metadata().namespace, h.metadata().name);
  }

  synchronized void close() {
    closed = true;
    if (watch != null) {
      watch.close();
    }
  }

  private final class Listener implements WatchListener<H> {
    @Override
    public void onEvent(WatchEvent<H> e) {
      switch (e.type()) {
        case ADDED, MODIFIED -> {
          objects.put(keyOf(e.object()), e.object());
          advance(e.resourceVersion());
          notifyHandlers(e.object());
        }
        case DELETED -> {
          objects.remove(keyOf(e.object()));
          advance(e.resourceVersion());
        }
        case BOOKMARK -> advance(e.resourceVersion());
        default -> { }
      }
    }

    @Override
    public void onClose(StorageException reason) {
      if (reason != null) {
        LOG.log(Level.FINE, "the watch of " + resource + " ended (" + reason.reason() + "), relisting");
        retryLater();
      }
    }
  }
}
