package dev.customapiserver.server;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import java.util.concurrent.atomic.AtomicBoolean;

/** A storage whose health and cache sync the test sets; it stores nothing. */
final class FakeStorage implements StorageBackend {
  final AtomicBoolean healthy = new AtomicBoolean(true);
  final AtomicBoolean synced = new AtomicBoolean(true);
  final AtomicBoolean closed = new AtomicBoolean();

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    throw new UnsupportedOperationException();
  }

  @Override
  public long currentRevision() {
    return 0;
  }

  @Override
  public boolean healthy() {
    return healthy.get();
  }

  @Override
  public boolean synced() {
    return synced.get();
  }

  @Override
  public void close() {
    closed.set(true);
  }
}
