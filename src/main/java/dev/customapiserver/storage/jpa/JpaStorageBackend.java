package dev.customapiserver.storage.jpa;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;

/** Storage in one relational database through JPA. (Placeholder until the implementation lands.) */
public final class JpaStorageBackend implements StorageBackend {

  /** Opens the database and migrates its schema. */
  public JpaStorageBackend(DatabaseSettings settings) {}

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    throw new UnsupportedOperationException("not implemented yet");
  }

  @Override
  public long currentRevision() {
    throw new UnsupportedOperationException("not implemented yet");
  }

  @Override
  public boolean healthy() {
    return false;
  }

  @Override
  public void close() {}
}
