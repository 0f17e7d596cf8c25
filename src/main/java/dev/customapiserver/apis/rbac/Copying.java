package dev.customapiserver.apis.rbac;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.KindConverter;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/** The converter of a kind whose v1 type has the hub's shape: a deep copy into the other type. */
final class Copying<H extends KubeObject, V extends H> implements KindConverter<H, V> {
  private final Supplier<H> hub;
  private final Supplier<V> versioned;
  private final BiFunction<H, H, H> copyTo;

  Copying(Supplier<H> hub, Supplier<V> versioned, BiFunction<H, H, H> copyTo) {
    this.hub = hub;
    this.versioned = versioned;
    this.copyTo = copyTo;
  }

  @Override
  public H toHub(V v) {
    return copyTo.apply(v, hub.get());
  }

  @Override
  @SuppressWarnings("unchecked")
  public V fromHub(H h) {
    return (V) copyTo.apply(h, versioned.get());
  }
}
