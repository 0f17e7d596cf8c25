package dev.customapiserver.registry;

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
import java.util.concurrent.atomic.AtomicLong;

/**
 * A store that remembers the newest resourceVersion this process wrote to it, so that the
 * resource's lister can wait until its cache has seen the process's own writes (read-your-writes
 * for admission plugins) without asking the database.
 */
final class WriteTracking<H extends KubeObject> implements ResourceStore<H> {
  private final ResourceStore<H> inner;
  private final AtomicLong lastWritten = new AtomicLong();

  WriteTracking(ResourceStore<H> inner) {
    this.inner = inner;
  }

  /** The newest resourceVersion a write through this store returned; 0 before any. */
  long lastWritten() {
    return lastWritten.get();
  }

  /** The store without tracking. */
  ResourceStore<H> inner() {
    return inner;
  }

  private H seen(H written) {
    try {
      long rv = Long.parseLong(written.metadata().resourceVersion);
      lastWritten.accumulateAndGet(rv, Math::max);
    } catch (NumberFormatException | NullPointerException e) {
      // a store that does not number its writes: nothing to wait for
    }
    return written;
  }

  @Override
  public H create(ObjectKey key, H obj) {
    return seen(inner.create(key, obj));
  }

  @Override
  public H get(ObjectKey key) {
    return inner.get(key);
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    return inner.list(request);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    return seen(inner.guaranteedUpdate(key, preconditions, update));
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    return seen(inner.delete(key, preconditions));
  }

  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    return inner.watch(request, listener);
  }
}
