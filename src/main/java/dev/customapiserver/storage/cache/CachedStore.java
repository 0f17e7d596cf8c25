package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.UpdateFunction;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.concurrent.Executor;

/**
 * The caching store of one resource: writes and {@code get} go to the inner store (the feed brings
 * their effect into the cache); lists and watches the cache can answer are served from memory,
 * everything else is the inner store's. Objects the cache serves are its own, shared by every
 * reader: read-only to callers, as with Kubernetes' cacher.
 */
final class CachedStore<H extends KubeObject> implements ResourceStore<H> {
  private final ResourceStore<H> inner;
  private final WatchCache<H> cache;
  private final CacheLister<H> lister;
  private final Executor delivery;
  private final int queueLimit;

  CachedStore(ResourceStore<H> inner, WatchCache<H> cache, Executor delivery, int queueLimit) {
    this.inner = inner;
    this.cache = cache;
    this.lister = new CacheLister<>(cache);
    this.delivery = delivery;
    this.queueLimit = queueLimit;
  }

  @Override
  public H create(ObjectKey key, H obj) {
    return inner.create(key, obj);
  }

  @Override
  public H get(ObjectKey key) {
    return inner.get(key);
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    ListPage<H> page = lister.list(request);
    return page != null ? page : inner.list(request);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    return inner.guaranteedUpdate(key, preconditions, update);
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    return inner.delete(key, preconditions);
  }

  /**
   * From the cache: no resourceVersion or "0" (initial state at the cache's revision), and a
   * resourceVersion inside the window (replay, with the state at it for sendInitialEvents).
   * From the inner store: older ones, unreadable ones, and everything while the cache syncs.
   */
  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    String rv = request.resourceVersion();
    Long from;
    if (rv == null || rv.isEmpty() || rv.equals("0")) {
      from = null;
    } else {
      try {
        from = Long.parseLong(rv);
      } catch (NumberFormatException e) {
        return inner.watch(request, listener);
      }
    }
    CacheWatcher<H> w = new CacheWatcher<>(request, listener, delivery, queueLimit, cache::unregister);
    return cache.register(w, request.namespace(), from, request.sendInitialEvents()) ? w : inner.watch(request, listener);
  }
}
