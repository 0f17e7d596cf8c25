package dev.customapiserver.registry;

import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.storage.StorageBackend;
import java.time.Clock;

/** One {@link GenericStore} per registered resource, over one storage backend. */
public final class Registry {
  private final Scheme scheme;

  public Registry(Scheme scheme, StorageBackend backend, Codecs codecs, Clock clock) {
    this.scheme = scheme;
  }

  public Scheme scheme() {
    return scheme;
  }
}
