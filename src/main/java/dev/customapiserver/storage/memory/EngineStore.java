package dev.customapiserver.storage.memory;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.UpdateFunction;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import dev.customapiserver.storage.kv.ContinueToken;
import dev.customapiserver.storage.kv.KeyWatcher;
import dev.customapiserver.storage.kv.ListRevision;
import dev.customapiserver.storage.kv.PreconditionCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The objects of one resource in a {@link MemoryEngine}. Objects are stored encoded without their
 * resourceVersion, which is the key's mod revision (as Kubernetes stores in etcd); updates and
 * deletes compare-and-swap on it and retry.
 */
public final class EngineStore<H extends KubeObject> implements ResourceStore<H> {
  /** How many objects past a full page a list decodes to count the rest exactly. */
  private static final int COUNT_AHEAD = 1000;

  private final MemoryEngine engine;
  private final GroupResource resource;
  private final StorageCodec<H> codec;

  public EngineStore(MemoryEngine engine, GroupResource resource, StorageCodec<H> codec) {
    this.engine = engine;
    this.resource = resource;
    this.codec = codec;
  }

  @Override
  public H create(ObjectKey key, H obj) {
    H copy = codec.copy(obj);
    long rv = engine.create(resource, key, encode(copy));
    copy.metadata().resourceVersion = Long.toString(rv);
    return copy;
  }

  @Override
  public H get(ObjectKey key) {
    Stored s = current(key);
    return decode(s);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    while (true) {
      Stored cur = current(key);
      H obj = decode(cur);
      PreconditionCheck.check(preconditions, key, obj.metadata().uid, cur.modRevision());
      H result = Objects.requireNonNull(update.apply(obj), "update function returned null");
      byte[] data = encode(result);
      if (Arrays.equals(data, cur.data())) {
        result.metadata().resourceVersion = Long.toString(cur.modRevision());
        return result;
      }
      long rv = engine.update(resource, key, data, cur.modRevision());
      if (rv > 0) {
        result.metadata().resourceVersion = Long.toString(rv);
        return result;
      }
    }
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    while (true) {
      Stored cur = current(key);
      H last = decode(cur);
      PreconditionCheck.check(preconditions, key, last.metadata().uid, cur.modRevision());
      long rv = engine.delete(resource, key, cur.modRevision());
      if (rv > 0) {
        last.metadata().resourceVersion = Long.toString(rv);
        return last;
      }
    }
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    String token = request.continueToken();
    long at;
    ObjectKey after = null;
    if (token != null && !token.isEmpty()) {
      ContinueToken t = ContinueToken.decode(token, request.namespace(), request.resourceVersion());
      after = new ObjectKey(t.namespace(), t.name());
      at = t.resourceVersion();
      if (at < engine.compacted()) {
        throw t.expired(engine.revision());
      }
    } else {
      at = ListRevision.readAt(request.resourceVersion(), request.match(), engine.revision(), engine.compacted());
    }
    List<Stored> state = engine.stateAt(resource, request.namespace(), after, at);
    return page(state, request, at);
  }

  private ListPage<H> page(List<Stored> state, ListRequest<H> request, long at) {
    Predicate<H> filter = request.filter() == null ? h -> true : request.filter();
    long limit = request.limit() > 0 ? request.limit() : Long.MAX_VALUE;
    List<H> items = new ArrayList<>();
    int i = 0;
    for (; i < state.size() && items.size() < limit; i++) {
      H obj = decode(state.get(i));
      if (filter.test(obj)) {
        items.add(obj);
      }
    }
    long more = 0;
    boolean counted = true;
    for (int j = i; j < state.size(); j++) {
      if (j - i >= COUNT_AHEAD && more > 0) {
        counted = false;
        break;
      }
      if (filter.test(decode(state.get(j)))) {
        more++;
      }
    }
    return ContinueToken.page(items, at, more, counted);
  }

  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    Long from = ListRevision.watchFrom(request.resourceVersion());
    KeyWatcher<H>[] self = newArray();
    KeyWatcher<H> w = new KeyWatcher<>(request, listener, this::decode, () -> engine.forget(resource, self[0]));
    self[0] = w;
    engine.watch(resource, w, from, request.sendInitialEvents());
    return w;
  }

  @SuppressWarnings("unchecked")
  private static <H extends KubeObject> KeyWatcher<H>[] newArray() {
    return new KeyWatcher[1];
  }

  private Stored current(ObjectKey key) {
    Stored s = engine.get(resource, key);
    if (s == null) {
      throw new StorageException(Reason.NOT_FOUND, key, resource + " " + key + " not found");
    }
    return s;
  }

  private byte[] encode(H obj) {
    String rv = obj.metadata().resourceVersion;
    obj.metadata().resourceVersion = null;
    try {
      return codec.encode(obj);
    } finally {
      obj.metadata().resourceVersion = rv;
    }
  }

  private H decode(Stored s) {
    return decode(s.key().namespace(), s.key().name(), s.data(), s.modRevision());
  }

  private H decode(String namespace, String name, byte[] data, long rv) {
    H obj = codec.decode(data, namespace, name);
    obj.metadata().resourceVersion = Long.toString(rv);
    return obj;
  }
}
