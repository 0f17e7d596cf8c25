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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** A simple, fully synchronised in-memory storage backend for fast tests of the layers above storage. */
public final class MemoryStorageBackend implements StorageBackend {
  private long revision;
  private final Map<GroupResource, TreeMap<String, byte[]>> data = new java.util.HashMap<>();

  @Override
  public synchronized <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return new Store<>(data.computeIfAbsent(resource, r -> new TreeMap<>()), codec);
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
  public void close() {}

  private static String k(ObjectKey key) {
    return key.namespace() + "\u0000" + key.name();
  }

  private final class Store<H extends KubeObject> implements ResourceStore<H> {
    private final TreeMap<String, byte[]> objects;
    private final StorageCodec<H> codec;

    Store(TreeMap<String, byte[]> objects, StorageCodec<H> codec) {
      this.objects = objects;
      this.codec = codec;
    }

    @Override
    public dev.customapiserver.storage.Watch watch(dev.customapiserver.storage.WatchRequest<H> request, dev.customapiserver.storage.WatchListener<H> listener) { throw new UnsupportedOperationException("watch: stub until the REST side implements it"); }

    @Override
    public H create(ObjectKey key, H obj) {
      synchronized (MemoryStorageBackend.this) {
        if (objects.containsKey(k(key))) {
          throw new StorageException(StorageException.Reason.ALREADY_EXISTS, key, "exists");
        }
        obj.metadata().resourceVersion = Long.toString(++revision);
        objects.put(k(key), codec.encode(obj));
        return codec.decode(objects.get(k(key)));
      }
    }

    @Override
    public H get(ObjectKey key) {
      synchronized (MemoryStorageBackend.this) {
        byte[] b = objects.get(k(key));
        if (b == null) {
          throw new StorageException(StorageException.Reason.NOT_FOUND, key, "not found");
        }
        return codec.decode(b);
      }
    }

    @Override
    public ListPage<H> list(ListRequest<H> req) {
      synchronized (MemoryStorageBackend.this) {
        List<H> items = new ArrayList<>();
        String after = req.continueToken();
        String nextToken = null;
        for (Map.Entry<String, byte[]> e : (after == null ? objects : objects.tailMap(after, false)).entrySet()) {
          H h = codec.decode(e.getValue());
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
        H next = update.apply(codec.decode(before));
        next.metadata().resourceVersion = current.metadata().resourceVersion;
        if (Arrays.equals(codec.encode(next), before)) {
          return current;
        }
        next.metadata().resourceVersion = Long.toString(++revision);
        objects.put(k(key), codec.encode(next));
        return codec.decode(objects.get(k(key)));
      }
    }

    @Override
    public H delete(ObjectKey key, Preconditions pre) {
      synchronized (MemoryStorageBackend.this) {
        H current = get(key);
        check(key, current, pre);
        objects.remove(k(key));
        current.metadata().resourceVersion = Long.toString(++revision);
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
