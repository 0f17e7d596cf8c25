package dev.customapiserver.apis.restaurant;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;

/** Topping v1beta1 to and from the hub: the same shape, copied. */
public final class ToppingV1beta1Converter implements KindConverter<Topping, ToppingV1beta1> {

  @Override
  public Topping toHub(ToppingV1beta1 v) {
    Topping h = new Topping();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.spec.cost = v.spec == null ? null : v.spec.cost;
    return h;
  }

  @Override
  public ToppingV1beta1 fromHub(Topping h) {
    ToppingV1beta1 v = new ToppingV1beta1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new ToppingV1beta1.Spec();
    v.spec.cost = h.spec.cost;
    return v;
  }
}
