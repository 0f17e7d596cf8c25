package dev.customapiserver.apis.meta;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.KindConverter;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/** The converter of a kind whose versioned type has the hub's shape: the hub copied into the other type (reviews share spec and status; stored kinds copy deeply). */
public final class CopyingConverter<H extends KubeObject, V extends H> implements KindConverter<H, V> {
  private final Supplier<H> hub;
  private final Supplier<V> versioned;
  private final BiFunction<H, H, H> copyTo;

  public CopyingConverter(Supplier<H> hub, Supplier<V> versioned, BiFunction<H, H, H> copyTo) {
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
