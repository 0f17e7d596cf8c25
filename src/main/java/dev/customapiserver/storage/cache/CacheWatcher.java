package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchEvent.Type;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One watch served from the cache. The cache only appends to its queue; a drain task on the
 * delivery pool (at most one at a time per watcher) calls the listener: first the initial objects
 * it was registered with, then the queued changes after its start revision, then {@code onClose}.
 * A listener that blocks holds only its own drain task; one whose queue outgrows
 * {@code queueLimit} is ended with EXPIRED, one that throws with UNAVAILABLE. Event objects are the
 * cache's own, shared with every other watcher and list: listeners must not modify them.
 */
final class CacheWatcher<H extends KubeObject> implements Watch {
  private static final Logger LOG = Logger.getLogger(CacheWatcher.class.getName());

  private final WatchRequest<H> request;
  private final Predicate<H> filter;
  private final WatchListener<H> listener;
  private final Executor delivery;
  private final int queueLimit;
  private final Consumer<CacheWatcher<H>> onEnd;
  private final UnaryOperator<H> copy;
  private final ArrayDeque<Change<H>> queue = new ArrayDeque<>();
  private List<H> initial;
  private long position;
  private boolean scheduled;
  private volatile boolean ended;
  private boolean closeDelivered;
  private StorageException reason;

  /** {@code copy} makes a listener's own copy of a cache object (for the one event that changes one). */
  CacheWatcher(WatchRequest<H> request, WatchListener<H> listener, Executor delivery, int queueLimit,
      Consumer<CacheWatcher<H>> onEnd, UnaryOperator<H> copy) {
    this.copy = copy;
    this.request = request;
    this.filter = request.filter() == null ? h -> true : request.filter();
    this.listener = listener;
    this.delivery = delivery;
    this.queueLimit = queueLimit;
    this.onEnd = onEnd;
  }

  /** Called once, under the cache's monitor, before any {@link #enqueue}. */
  synchronized void begin(List<H> initialObjects, long at, List<Change<H>> replay) {
    initial = initialObjects;
    position = at;
    queue.addAll(replay);
    schedule();
  }

  /** Called by the cache for every change; never blocks. */
  synchronized void enqueue(Change<H> c) {
    if (ended) {
      return;
    }
    if (queue.size() >= queueLimit) {
      end(new StorageException(Reason.EXPIRED, null, "watcher fell more than " + queueLimit + " events behind"));
      return;
    }
    queue.addLast(c);
    schedule();
  }

  @Override
  public void close() {
    end(null);
  }

  /** Ends the watch; {@code onClose(reason)} follows the event being delivered, if any. Idempotent. */
  void end(StorageException why) {
    synchronized (this) {
      if (ended) {
        return;
      }
      ended = true;
      reason = why;
      queue.clear();
      schedule();
    }
    onEnd.accept(this);
  }

  private void schedule() {
    if (!scheduled) {
      scheduled = true;
      try {
        delivery.execute(this::drain);
      } catch (RejectedExecutionException e) {
        scheduled = false;
        ended = true;
        LOG.log(Level.FINE, "delivery pool shut down; watch dropped", e);
      }
    }
  }

  private void drain() {
    List<H> objects;
    boolean bookmark;
    long at;
    synchronized (this) {
      objects = initial;
      initial = null;
      at = position;
      bookmark = objects != null && request.sendInitialEvents();
    }
    if (objects != null) {
      for (H h : objects) {
        if (ended) {
          break;
        }
        if (filter.test(h)) {
          send(new WatchEvent<>(Type.ADDED, h, at));
        }
      }
      if (bookmark && !ended) {
        send(new WatchEvent<>(Type.BOOKMARK, null, at));
      }
    }
    while (true) {
      Change<H> c;
      synchronized (this) {
        if (ended) {
          break;
        }
        c = queue.pollFirst();
        if (c == null) {
          scheduled = false;
          return;
        }
      }
      WatchEvent<H> e = toEvent(c);
      if (e != null) {
        send(e);
      }
    }
    StorageException why;
    synchronized (this) {
      if (closeDelivered) {
        return;
      }
      closeDelivered = true;
      why = reason;
    }
    try {
      listener.onClose(why);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "watch listener failed in onClose", e);
    }
  }

  /** The event {@code c} is for this watcher, or {@code null}; only the drain task calls it. */
  private WatchEvent<H> toEvent(Change<H> c) {
    if (c.type() == Type.BOOKMARK) {
      if (c.resourceVersion() < position) {
        return null;
      }
      position = c.resourceVersion();
      return request.bookmarks() ? new WatchEvent<>(Type.BOOKMARK, null, position) : null;
    }
    if (c.resourceVersion() <= position) {
      return null;
    }
    position = c.resourceVersion();
    if (request.namespace() != null && !request.namespace().equals(c.key().namespace())) {
      return null;
    }
    boolean now = filter.test(c.object());
    if (c.type() == Type.ADDED || c.type() == Type.DELETED) {
      return now ? new WatchEvent<>(c.type(), c.object(), c.resourceVersion()) : null;
    }
    boolean before = c.previous() != null && filter.test(c.previous());
    if (now) {
      return new WatchEvent<>(before ? Type.MODIFIED : Type.ADDED, c.object(), c.resourceVersion());
    }
    if (!before) {
      return null;
    }
    // leaving the selection: as kube's cacheWatcher, the previous object at the change's resourceVersion
    H left = copy.apply(c.previous());
    left.metadata().resourceVersion = Long.toString(c.resourceVersion());
    return new WatchEvent<>(Type.DELETED, left, c.resourceVersion());
  }

  private void send(WatchEvent<H> e) {
    try {
      listener.onEvent(e);
    } catch (RuntimeException ex) {
      LOG.log(Level.WARNING, "watch listener failed; closing its watch", ex);
      end(new StorageException(Reason.UNAVAILABLE, null, "watch listener failed: " + ex, ex));
    }
  }
}
