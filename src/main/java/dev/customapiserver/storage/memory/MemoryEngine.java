package dev.customapiserver.storage.memory;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.kv.KeyChange;
import dev.customapiserver.storage.kv.KeyWatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A revisioned key-value map of encoded objects, grouped by resource, with the history of the
 * newest {@code retainedRevisions} writes and watches (see the package documentation).
 */
public final class MemoryEngine implements AutoCloseable {
  private final Map<GroupResource, TreeMap<ObjectKey, Stored>> objects = new HashMap<>();
  private final List<Logged> history = new ArrayList<>();
  private final Map<GroupResource, List<Registered>> watchers = new HashMap<>();
  private final List<Registered> all = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService dispatcher;
  private final WriteAhead writeAhead;
  private final long retained;
  private long revision;
  private long compacted;
  private boolean closed;

  private record Logged(GroupResource resource, KeyChange change) {}

  /** A watch and whether its initial events have been delivered (only then it gets writes and bookmarks). */
  private static final class Registered {
    final GroupResource resource;
    final KeyWatcher<?> watcher;
    boolean started;

    Registered(GroupResource resource, KeyWatcher<?> watcher) {
      this.resource = resource;
      this.watcher = watcher;
    }
  }

  /**
   * @param startRevision the revision of the state {@link #restore}d before serving
   * @param retainedRevisions how many of the newest revisions are kept for watches and paged lists
   * @param bookmarkInterval how often watches that asked for bookmarks get one
   */
  public MemoryEngine(long startRevision, long retainedRevisions, Duration bookmarkInterval, WriteAhead writeAhead) {
    this.revision = startRevision;
    this.compacted = startRevision;
    this.retained = retainedRevisions;
    this.writeAhead = writeAhead;
    ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "storage-watch-dispatcher");
      t.setDaemon(true);
      return t;
    });
    pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.dispatcher = pool;
    long every = Math.max(1, bookmarkInterval.toMillis());
    dispatcher.scheduleWithFixedDelay(this::bookmarks, every, every, TimeUnit.MILLISECONDS);
  }

  /** Puts an object in place without a revision of its own (loading persisted state before serving). */
  public synchronized void restore(GroupResource resource, Stored object) {
    objects.computeIfAbsent(resource, r -> new TreeMap<>(Keys.ORDER)).put(object.key(), object);
  }

  public synchronized long revision() {
    open();
    return revision;
  }

  public synchronized long compacted() {
    open();
    return compacted;
  }

  public synchronized boolean isOpen() {
    return !closed;
  }

  /** The current object, or {@code null}. */
  public synchronized Stored get(GroupResource resource, ObjectKey key) {
    open();
    TreeMap<ObjectKey, Stored> m = objects.get(resource);
    return m == null ? null : m.get(key);
  }

  /** Stores a new object; returns its revision. @throws StorageException ALREADY_EXISTS */
  public synchronized long create(GroupResource resource, ObjectKey key, byte[] data) {
    if (get(resource, key) != null) {
      throw new StorageException(Reason.ALREADY_EXISTS, key, resource + " " + key + " already exists");
    }
    return commit(resource, key, data, null, false);
  }

  /**
   * Replaces the object if it is still at {@code expected}; returns the new revision, or -1 when
   * it changed or went away since.
   */
  public synchronized long update(GroupResource resource, ObjectKey key, byte[] data, long expected) {
    Stored cur = get(resource, key);
    return cur == null || cur.modRevision() != expected ? -1 : commit(resource, key, data, cur, false);
  }

  /** Deletes the object if it is still at {@code expected}; returns the deletion's revision, or -1. */
  public synchronized long delete(GroupResource resource, ObjectKey key, long expected) {
    Stored cur = get(resource, key);
    return cur == null || cur.modRevision() != expected ? -1 : commit(resource, key, null, cur, false);
  }

  /**
   * A change made outside the server ({@code data} {@code null}: the object was removed); returns
   * its revision, or -1 when it changes nothing.
   */
  public synchronized long external(GroupResource resource, ObjectKey key, byte[] data) {
    Stored cur = get(resource, key);
    if (data == null ? cur == null : cur != null && Arrays.equals(cur.data(), data)) {
      return -1;
    }
    return commit(resource, key, data, cur, true);
  }

  private long commit(GroupResource resource, ObjectKey key, byte[] data, Stored cur, boolean external) {
    long rv = revision + 1;
    KeyChange change = new KeyChange(rv, key.namespace(), key.name(), data,
        cur == null ? null : cur.data(), cur == null ? 0 : cur.modRevision());
    writeAhead.write(resource, change, external);
    revision = rv;
    TreeMap<ObjectKey, Stored> m = objects.computeIfAbsent(resource, r -> new TreeMap<>(Keys.ORDER));
    if (data == null) {
      m.remove(key);
    } else {
      m.put(key, new Stored(key, data, rv));
    }
    history.add(new Logged(resource, change));
    if (retained >= 0 && history.size() > retained + Math.max(16, retained / 10)) {
      compact(revision - retained);
    }
    List<Registered> targets = List.copyOf(watchers.getOrDefault(resource, List.of()));
    if (!targets.isEmpty()) {
      dispatch(() -> targets.forEach(r -> {
        if (r.started) {
          r.watcher.offer(change);
        }
      }));
    }
    return rv;
  }

  /** Forgets the history up to {@code upTo} (at most the current revision); returns the compaction revision. */
  public synchronized long compact(long upTo) {
    open();
    long to = Math.min(upTo, revision);
    if (to > compacted) {
      history.subList(0, (int) (to - compacted)).clear();
      compacted = to;
    }
    return compacted;
  }

  /**
   * The objects of {@code resource} (in {@code namespace}, or all when {@code null}) after key
   * {@code after} ({@code null}: from the first) as they were at revision {@code at}, in key order.
   *
   * @throws StorageException EXPIRED when {@code at} is below the compaction revision
   */
  public synchronized List<Stored> stateAt(GroupResource resource, String namespace, ObjectKey after, long at) {
    open();
    if (at < compacted) {
      throw new StorageException(Reason.EXPIRED, null, "The resourceVersion " + at
          + " is older than the compacted revision " + compacted);
    }
    TreeMap<ObjectKey, Stored> result = new TreeMap<>(Keys.ORDER);
    NavigableMap<ObjectKey, Stored> current = objects.getOrDefault(resource, new TreeMap<>(Keys.ORDER));
    if (after != null) {
      current = current.tailMap(after, false);
    }
    current.forEach((k, v) -> {
      if (namespace == null || namespace.equals(k.namespace())) {
        result.put(k, v);
      }
    });
    for (int i = history.size() - 1; i >= 0 && history.get(i).change().revision() > at; i--) {
      Logged l = history.get(i);
      KeyChange c = l.change();
      ObjectKey k = new ObjectKey(c.namespace(), c.name());
      if (!l.resource().equals(resource) || (namespace != null && !namespace.equals(c.namespace()))
          || (after != null && Keys.ORDER.compare(k, after) <= 0)) {
        continue;
      }
      if (c.prevData() == null) {
        result.remove(k);
      } else {
        result.put(k, new Stored(k, c.prevData(), c.prevRevision()));
      }
    }
    return new ArrayList<>(result.values());
  }

  /**
   * Starts {@code w} on {@code resource}: with {@code from} {@code null} first the current state,
   * else the history after {@code from} (and with {@code initialEvents} the state at {@code from}
   * and a bookmark at it first); then every write.
   *
   * @throws StorageException EXPIRED when {@code from} is below the compaction revision
   */
  public synchronized void watch(GroupResource resource, KeyWatcher<?> w, Long from, boolean initialEvents) {
    open();
    if (from != null && from < compacted) {
      throw new StorageException(Reason.EXPIRED, null, "too old resource version: " + from
          + " (" + compacted + ")");
    }
    long at = from == null ? revision : Math.min(from, revision);
    List<Stored> initial = from == null || initialEvents ? stateAt(resource, null, null, at) : List.of();
    List<KeyChange> replay = new ArrayList<>();
    for (int i = (int) (at - compacted); i < history.size(); i++) {
      if (history.get(i).resource().equals(resource)) {
        replay.add(history.get(i).change());
      }
    }
    Registered r = new Registered(resource, w);
    watchers.computeIfAbsent(resource, k -> new CopyOnWriteArrayList<>()).add(r);
    all.add(r);
    long start = from == null ? at : from;
    dispatch(() -> {
      for (Stored s : initial) {
        w.initial(s.key().namespace(), s.key().name(), s.data(), s.modRevision(), start);
      }
      if (initialEvents) {
        w.bookmark(start);
      }
      w.startAt(start);
      replay.forEach(w::offer);
      r.started = true;
    });
  }

  /** The history kept of {@code resource}, in revision order (for tests). */
  synchronized List<KeyChange> history(GroupResource resource) {
    return history.stream().filter(l -> l.resource().equals(resource)).map(Logged::change).toList();
  }

  /** Unregisters a watcher that ended. */
  public synchronized void forget(GroupResource resource, KeyWatcher<?> w) {
    List<Registered> list = watchers.get(resource);
    if (list != null) {
      list.removeIf(r -> r.watcher == w);
    }
    all.removeIf(r -> r.watcher == w);
  }

  private void bookmarks() {
    for (Registered r : all) {
      if (r.started && r.watcher.request().bookmarks()) {
        r.watcher.bookmark(r.watcher.position());
      }
    }
  }

  private void dispatch(Runnable task) {
    try {
      dispatcher.execute(task);
    } catch (RejectedExecutionException e) {
      // closing: the watches are being ended
    }
  }

  private void open() {
    if (closed) {
      throw new StorageException(Reason.UNAVAILABLE, null, "the storage is closed");
    }
  }

  /** Ends every watch with UNAVAILABLE; every later call fails with UNAVAILABLE. */
  @Override
  public void close() {
    List<Registered> ending;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      ending = List.copyOf(all);
    }
    dispatcher.shutdown();
    try {
      dispatcher.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    StorageException gone = new StorageException(Reason.UNAVAILABLE, null, "the storage was closed");
    ending.forEach(r -> r.watcher.end(gone));
  }
}
