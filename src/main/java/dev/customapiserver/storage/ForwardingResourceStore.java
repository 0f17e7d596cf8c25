package dev.customapiserver.storage;

import dev.customapiserver.api.meta.KubeObject;
import java.util.Objects;

/**
 * A {@link ResourceStore} that passes every call on to another: the base of the stores the storage
 * decorators hand out (the watch cache's, the metered, the write-tracking, the testkit's), each
 * overriding only what it changes. The forms with a suggestion go to the delegate's forms with a
 * suggestion, so a decorator that acts on every update or delete overrides both forms.
 *
 * @param <H> the hub type
 */
public abstract class ForwardingResourceStore<H extends KubeObject> implements ResourceStore<H> {
  private final ResourceStore<H> delegate;

  protected ForwardingResourceStore(ResourceStore<H> delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The store every call not overridden goes to. */
  protected final ResourceStore<H> delegate() {
    return delegate;
  }

  @Override
  public H create(ObjectKey key, H obj) {
    return delegate.create(key, obj);
  }

  @Override
  public H get(ObjectKey key) {
    return delegate.get(key);
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    return delegate.list(request);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    return delegate.guaranteedUpdate(key, preconditions, update);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update, H suggestion) {
    return delegate.guaranteedUpdate(key, preconditions, update, suggestion);
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    return delegate.delete(key, preconditions);
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions, H suggestion) {
    return delegate.delete(key, preconditions, suggestion);
  }

  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    return delegate.watch(request, listener);
  }
}
