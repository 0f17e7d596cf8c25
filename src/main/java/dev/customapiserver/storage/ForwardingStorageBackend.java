package dev.customapiserver.storage;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import java.util.Objects;

/**
 * A {@link StorageBackend} that passes every call on to another: the base of the storage
 * decorators (the watch cache, the metrics, the testkit's view), each overriding only what it
 * changes. Closing it closes the delegate.
 */
public abstract class ForwardingStorageBackend implements StorageBackend {
  private final StorageBackend delegate;

  protected ForwardingStorageBackend(StorageBackend delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The backend every call not overridden goes to. */
  protected final StorageBackend delegate() {
    return delegate;
  }

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return delegate.forResource(resource, codec);
  }

  @Override
  public long currentRevision() {
    return delegate.currentRevision();
  }

  @Override
  public long localRevision(GroupResource resource) {
    return delegate.localRevision(resource);
  }

  @Override
  public boolean healthy() {
    return delegate.healthy();
  }

  @Override
  public boolean synced() {
    return delegate.synced();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
