package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchEvent.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The in-memory state of one resource: every object at {@link #revision()} in key order, and the
 * window of the last {@code windowSize} changes, which holds every change after
 * {@code windowStart}. All of it is guarded by this object's monitor; {@link #apply} is called by
 * the feed, in resourceVersion order, and hands each change to every registered watcher's queue
 * (never to a listener directly), so the feed never waits for a listener.
 */
final class WatchCache<H extends KubeObject> {
  static final Comparator<ObjectKey> KEY_ORDER =
      Comparator.comparing(ObjectKey::namespace).thenComparing(ObjectKey::name);

  private final int windowSize;
  private final List<CacheWatcher<H>> watchers = new CopyOnWriteArrayList<>();
  private TreeMap<ObjectKey, H> state = new TreeMap<>(KEY_ORDER);
  private final ArrayDeque<Change<H>> window = new ArrayDeque<>();
  private long revision;
  private long windowStart;
  private boolean synced;
  private int generation;
  /** Readers waiting in {@link #getAtLeast} for the revision to move on. */
  private int waiting;

  WatchCache(int windowSize) {
    this.windowSize = windowSize;
  }

  synchronized boolean synced() {
    return synced;
  }

  synchronized long revision() {
    return revision;
  }

  /** Replaces everything by {@code objects} at {@code at}; returns the generation the feed must quote. */
  synchronized int reset(TreeMap<ObjectKey, H> objects, long at) {
    state = objects;
    window.clear();
    revision = at;
    windowStart = at;
    synced = true;
    wakeReaders();
    return ++generation;
  }

  /** Forgets the state (the feed broke) and ends every watcher with {@code reason}. */
  synchronized void unsync(StorageException reason) {
    synced = false;
    generation++;
    state = new TreeMap<>(KEY_ORDER);
    window.clear();
    watchers.forEach(w -> w.end(reason));
  }

  /** One event of the feed of generation {@code gen}. */
  synchronized void apply(int gen, WatchEvent<H> e) {
    if (gen != generation || !synced) {
      return;
    }
    if (e.type() == Type.BOOKMARK) {
      if (e.resourceVersion() >= revision) {
        revision = e.resourceVersion();
        offer(Change.bookmark(revision));
        wakeReaders();
      }
      return;
    }
    ObjectKey key = new ObjectKey(e.object().metadata().namespace, e.object().metadata().name);
    H previous = e.type() == Type.DELETED ? state.remove(key) : state.put(key, e.object());
    Change<H> c = new Change<>(e.type(), key, e.object(), previous, e.resourceVersion());
    window.addLast(c);
    while (window.size() > windowSize) {
      windowStart = window.removeFirst().resourceVersion();
    }
    revision = e.resourceVersion();
    offer(c);
    wakeReaders();
  }

  private void wakeReaders() {
    if (waiting > 0) {
      notifyAll();
    }
  }

  /**
   * The cache's object at {@code key} once the cache has reached {@code revision} (waiting for it
   * up to {@code millis}); {@code null} when it is not there, the cache is not synced or did not
   * get there in time.
   */
  synchronized H getAtLeast(ObjectKey key, long revision, long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000;
    while (synced && this.revision < revision) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      waiting++;
      try {
        wait(Math.max(1, left / 1_000_000));
      } finally {
        waiting--;
      }
    }
    return synced ? state.get(key) : null;
  }

  private void offer(Change<H> c) {
    for (CacheWatcher<H> w : watchers) {
      w.enqueue(c);
    }
  }

  /**
   * Registers {@code w} atomically with what it must get before the live changes: with
   * {@code from == null} the current state (at the current revision); else the changes after
   * {@code from} from the window, preceded by the state at {@code from} if {@code initial}.
   *
   * @return false, registering nothing, when the cache cannot serve it (not synced, {@code from}
   *     older than the window, or initial events at a revision it has not reached)
   */
  synchronized boolean register(CacheWatcher<H> w, String namespace, Long from, boolean initial) {
    if (!synced || (from != null && (from < windowStart || (initial && from > revision)))) {
      return false;
    }
    if (from == null) {
      w.begin(snapshot(namespace, null, revision).items(), revision, List.of());
    } else {
      List<Change<H>> replay = window.stream().filter(c -> c.resourceVersion() > from).toList();
      w.begin(initial ? snapshot(namespace, null, from).items() : null, from, replay);
    }
    watchers.add(w);
    return true;
  }

  void unregister(CacheWatcher<H> w) {
    watchers.remove(w);
  }

  List<CacheWatcher<H>> watchers() {
    return List.copyOf(watchers);
  }

  /** The current snapshot, or {@code null} when not synced. */
  synchronized Snapshot<H> current(String namespace, ObjectKey after) {
    return synced ? snapshot(namespace, after, revision) : null;
  }

  /**
   * The objects of {@code namespace} ({@code null}: all) after {@code after} at {@code at}, rolled
   * back from the current state through the window; {@code null} when {@code at} is outside it.
   */
  synchronized Snapshot<H> at(String namespace, ObjectKey after, long at) {
    return synced && at >= windowStart && at <= revision ? snapshot(namespace, after, at) : null;
  }

  private Snapshot<H> snapshot(String namespace, ObjectKey after, long at) {
    NavigableMap<ObjectKey, H> view = after != null ? state.tailMap(after, false)
        : namespace != null ? state.tailMap(new ObjectKey(namespace, ""), true) : state;
    TreeMap<ObjectKey, H> rolledBack = null;
    if (at < revision) {
      rolledBack = new TreeMap<>(view);
      for (Iterator<Change<H>> it = window.descendingIterator(); it.hasNext(); ) {
        Change<H> c = it.next();
        if (c.resourceVersion() <= at) {
          break;
        }
        if (after != null && KEY_ORDER.compare(c.key(), after) <= 0) {
          continue;
        }
        if (c.previous() == null) {
          rolledBack.remove(c.key());
        } else {
          rolledBack.put(c.key(), c.previous());
        }
      }
      view = rolledBack;
    }
    List<H> items = new ArrayList<>();
    for (var entry : view.entrySet()) {
      if (namespace != null && !namespace.equals(entry.getKey().namespace())) {
        if (KEY_ORDER.compare(entry.getKey(), new ObjectKey(namespace, "")) > 0) {
          break;
        }
        continue;
      }
      items.add(entry.getValue());
    }
    return new Snapshot<>(items, at);
  }
}
