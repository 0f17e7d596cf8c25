package dev.customapiserver.apis.restaurant;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;

/** Topping v1alpha1 to and from the hub: the same shape, copied. */
public final class ToppingV1alpha1Converter implements KindConverter<Topping, ToppingV1alpha1> {

  @Override
  public Topping toHub(ToppingV1alpha1 v) {
    Topping h = new Topping();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.spec.cost = v.spec == null ? null : v.spec.cost;
    return h;
  }

  @Override
  public ToppingV1alpha1 fromHub(Topping h) {
    ToppingV1alpha1 v = new ToppingV1alpha1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new ToppingV1alpha1.Spec();
    v.spec.cost = h.spec.cost;
    return v;
  }
}
