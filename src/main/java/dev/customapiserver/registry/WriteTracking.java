package dev.customapiserver.registry;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ForwardingResourceStore;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.UpdateFunction;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A store that remembers the newest resourceVersion this process wrote to it, so that the
 * resource's lister can wait until its cache has seen the process's own writes (read-your-writes
 * for admission plugins) without asking the database. The top of the storage stack, one per
 * resource and registry: the registry's stores write through it, its informers read the storage
 * under it ({@link #inner}).
 */
final class WriteTracking<H extends KubeObject> extends ForwardingResourceStore<H> {
  private final AtomicLong lastWritten = new AtomicLong();

  WriteTracking(ResourceStore<H> inner) {
    super(inner);
  }

  /** The newest resourceVersion a write through this store returned; 0 before any. */
  long lastWritten() {
    return lastWritten.get();
  }

  /** The store without tracking. */
  ResourceStore<H> inner() {
    return delegate();
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
    return seen(super.create(key, obj));
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    return seen(super.guaranteedUpdate(key, preconditions, update));
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update, H suggestion) {
    return seen(super.guaranteedUpdate(key, preconditions, update, suggestion));
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    return seen(super.delete(key, preconditions));
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions, H suggestion) {
    return seen(super.delete(key, preconditions, suggestion));
  }
}
