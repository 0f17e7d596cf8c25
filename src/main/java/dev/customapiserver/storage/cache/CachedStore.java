package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ForwardingResourceStore;
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
import java.util.function.LongSupplier;

/**
 * The caching store of one resource: writes go to the inner store (the feed brings their effect
 * into the cache); lists and watches the cache can answer are served from memory, everything else
 * is the inner store's. Objects the cache serves in lists and watches are its own, shared by every
 * reader: read-only to callers, as with Kubernetes' cacher. A {@code get} is a consistent read
 * (kube's consistent reads from cache): when the backend knows its newest committed revision
 * without asking the database ({@link dev.customapiserver.storage.StorageBackend#localRevision}),
 * the cache answers once it has reached that revision, with a copy of its object; otherwise, or when
 * the cache does not get there within {@link #CONSISTENT_WAIT_MILLIS}, or the object is not there,
 * the inner store answers. Updates and deletes hand the inner store a copy of the cache's object to
 * start from (kube's cached existing object): its compare-and-swap finds out whether it was current.
 * Creates, and updates and deletes that come with a suggestion of their own, are the inner store's.
 */
final class CachedStore<H extends KubeObject> extends ForwardingResourceStore<H> {
  private final WatchCache<H> cache;
  private final CacheLister<H> lister;
  private final Executor delivery;
  private final int queueLimit;
  private final StorageCodec<H> codec;
  private final LongSupplier localRevision;
  /** How long a get waits for the cache to reach the revision committed when it came, as kube's 3 s. */
  static final long CONSISTENT_WAIT_MILLIS = 3_000;

  CachedStore(ResourceStore<H> inner, WatchCache<H> cache, Executor delivery, int queueLimit, StorageCodec<H> codec,
      LongSupplier localRevision) {
    super(inner);
    this.codec = codec;
    this.localRevision = localRevision;
    this.cache = cache;
    this.lister = new CacheLister<>(cache);
    this.delivery = delivery;
    this.queueLimit = queueLimit;
  }

  @Override
  public H get(ObjectKey key) {
    long committed = localRevision.getAsLong();
    if (committed >= 0) {
      try {
        H cached = cache.getAtLeast(key, committed, CONSISTENT_WAIT_MILLIS);
        if (cached != null) {
          return codec.copy(cached); // the caller's own: a get's result may be changed and written back
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return delegate().get(key); // also answers NOT_FOUND in the inner store's words
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    ListPage<H> page = lister.list(request);
    return page != null ? page : delegate().list(request);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    H cached = cache.peek(key);
    return cached == null ? delegate().guaranteedUpdate(key, preconditions, update)
        : delegate().guaranteedUpdate(key, preconditions, update, codec.copy(cached));
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    H cached = cache.peek(key);
    return cached == null ? delegate().delete(key, preconditions) : delegate().delete(key, preconditions, codec.copy(cached));
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
        return delegate().watch(request, listener);
      }
    }
    CacheWatcher<H> w = new CacheWatcher<>(request, listener, delivery, queueLimit, cache::unregister, codec::copy);
    return cache.register(w, request.namespace(), from, request.sendInitialEvents()) ? w : delegate().watch(request, listener);
  }
}
