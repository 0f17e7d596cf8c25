package dev.customapiserver.testing;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.UpdateFunction;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A simple, fully synchronised in-memory storage backend for fast tests of the layers above storage.
 * Watches replay a history of every change and deliver events from one executor thread, in
 * resourceVersion order; {@link #expireBefore} makes older resourceVersions too old to watch from.
 */
public final class MemoryStorageBackend implements StorageBackend {
  /** Test backends run without encryption at rest (identity), which ignores the location. */
  static final String UNBOUND = "";

  private long revision;
  private long oldestWatchable;
  private final Map<GroupResource, TreeMap<String, byte[]>> data = new java.util.HashMap<>();
  private final Map<GroupResource, MemoryWatches> watches = new java.util.HashMap<>();
  private final ExecutorService delivery = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "memory-watch-delivery");
    t.setDaemon(true);
    return t;
  });

  @Override
  public synchronized <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return new Store<>(data.computeIfAbsent(resource, r -> new TreeMap<>()), codec,
        watches.computeIfAbsent(resource, r -> new MemoryWatches(delivery)));
  }

  /** The number of open watches, over every resource. */
  public synchronized int openWatches() {
    return watches.values().stream().mapToInt(MemoryWatches::size).sum();
  }

  /** Ends every open watch as a store whose history ran out does: onClose(EXPIRED). */
  public synchronized void expireOpenWatches() {
    watches.values().forEach(w -> w.endAll(new StorageException(StorageException.Reason.EXPIRED, null,
        "too old resource version: history compacted")));
  }

  /** Watches from a resourceVersion below {@code rv} fail with EXPIRED from now on. */
  public synchronized void expireBefore(long rv) {
    oldestWatchable = rv;
  }

  @Override
  public synchronized long currentRevision() {
    return revision;
  }

  @Override
  public boolean healthy() {
    return true;
  }

  @Override
  public void close() {
    delivery.shutdownNow();
  }

  private static String k(ObjectKey key) {
    return key.namespace() + "\u0000" + key.name();
  }

  private final class Store<H extends KubeObject> implements ResourceStore<H> {
    private final TreeMap<String, byte[]> objects;
    private final StorageCodec<H> codec;
    private final MemoryWatches watches;

    Store(TreeMap<String, byte[]> objects, StorageCodec<H> codec, MemoryWatches watches) {
      this.objects = objects;
      this.codec = codec;
      this.watches = watches;
    }

    @Override
    public Watch watch(WatchRequest<H> req, WatchListener<H> listener) {
      synchronized (MemoryStorageBackend.this) {
        String rv = req.resourceVersion();
        if (rv != null && !rv.chars().allMatch(Character::isDigit)) {
          throw new StorageException(StorageException.Reason.INVALID_ARGUMENT, null, "invalid resourceVersion " + rv);
        }
        long from = rv == null ? 0 : Long.parseLong(rv);
        boolean initial = from == 0 || req.sendInitialEvents();
        if (!initial && from < oldestWatchable) {
          throw new StorageException(StorageException.Reason.EXPIRED, null,
              "too old resource version: " + from + " (" + oldestWatchable + ")");
        }
        List<MemoryWatches.Change> replay = new ArrayList<>();
        if (initial) {
          for (byte[] b : objects.values()) {
            replay.add(new MemoryWatches.Change(WatchEvent.Type.ADDED, null, b, Long.parseLong(codec.decode(b, null, UNBOUND).metadata().resourceVersion)));
          }
          if (req.sendInitialEvents()) {
            replay.add(new MemoryWatches.Change(WatchEvent.Type.BOOKMARK, null, null, revision));
          }
        } else {
          replay.addAll(watches.since(from));
        }
        return watches.add(new MemoryWatches.Watcher<>(req, listener, codec), replay);
      }
    }

    @Override
    public H create(ObjectKey key, H obj) {
      synchronized (MemoryStorageBackend.this) {
        if (objects.containsKey(k(key))) {
          throw new StorageException(StorageException.Reason.ALREADY_EXISTS, key, "exists");
        }
        obj.metadata().resourceVersion = Long.toString(++revision);
        objects.put(k(key), codec.encode(obj));
        watches.record(new MemoryWatches.Change(WatchEvent.Type.ADDED, null, objects.get(k(key)), revision));
        return codec.decode(objects.get(k(key)), key.namespace(), key.name());
      }
    }

    @Override
    public H get(ObjectKey key) {
      synchronized (MemoryStorageBackend.this) {
        byte[] b = objects.get(k(key));
        if (b == null) {
          throw new StorageException(StorageException.Reason.NOT_FOUND, key, "not found");
        }
        return codec.decode(b, null, UNBOUND);
      }
    }

    @Override
    public ListPage<H> list(ListRequest<H> req) {
      synchronized (MemoryStorageBackend.this) {
        List<H> items = new ArrayList<>();
        String after = req.continueToken();
        String nextToken = null;
        for (Map.Entry<String, byte[]> e : (after == null ? objects : objects.tailMap(after, false)).entrySet()) {
          H h = codec.decode(e.getValue(), null, UNBOUND);
          if (req.namespace() != null && !req.namespace().equals(Objects.toString(h.metadata().namespace, ""))) {
            continue;
          }
          if (!req.filter().test(h)) {
            continue;
          }
          if (req.limit() > 0 && items.size() == req.limit()) {
            nextToken = objects.lowerKey(e.getKey());
            break;
          }
          items.add(h);
        }
        items.sort(Comparator.comparing((H h) -> Objects.toString(h.metadata().namespace, "")).thenComparing(h -> h.metadata().name));
        return new ListPage<>(items, revision, nextToken, null);
      }
    }

    @Override
    public H guaranteedUpdate(ObjectKey key, Preconditions pre, UpdateFunction<H> update) {
      synchronized (MemoryStorageBackend.this) {
        H current = get(key);
        check(key, current, pre);
        byte[] before = objects.get(k(key));
        H next = update.apply(codec.decode(before, null, UNBOUND));
        next.metadata().resourceVersion = current.metadata().resourceVersion;
        if (Arrays.equals(codec.encode(next), before)) {
          return current;
        }
        next.metadata().resourceVersion = Long.toString(++revision);
        objects.put(k(key), codec.encode(next));
        watches.record(new MemoryWatches.Change(WatchEvent.Type.MODIFIED, before, objects.get(k(key)), revision));
        return codec.decode(objects.get(k(key)), key.namespace(), key.name());
      }
    }

    @Override
    public H delete(ObjectKey key, Preconditions pre) {
      synchronized (MemoryStorageBackend.this) {
        H current = get(key);
        check(key, current, pre);
        byte[] before = objects.remove(k(key));
        current.metadata().resourceVersion = Long.toString(++revision);
        watches.record(new MemoryWatches.Change(WatchEvent.Type.DELETED, before, codec.encode(current), revision));
        return current;
      }
    }

    private void check(ObjectKey key, H current, Preconditions pre) {
      if (pre.uid() != null && !pre.uid().equals(current.metadata().uid)) {
        throw new StorageException(StorageException.Reason.PRECONDITION_FAILED, key, "UID in precondition: " + pre.uid()
            + ", UID in object meta: " + current.metadata().uid);
      }
      if (pre.resourceVersion() != null && !pre.resourceVersion().equals(current.metadata().resourceVersion)) {
        throw new StorageException(StorageException.Reason.PRECONDITION_FAILED, key, "ResourceVersion in precondition: "
            + pre.resourceVersion() + ", ResourceVersion in object meta: " + current.metadata().resourceVersion);
      }
    }
  }
}
