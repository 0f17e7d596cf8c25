package dev.customapiserver.apis.restaurant;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;

/** Pizza v1beta1 to and from the hub: the same shape, copied. */
public final class PizzaV1beta1Converter implements KindConverter<Pizza, PizzaV1beta1> {

  @Override
  public Pizza toHub(PizzaV1beta1 v) {
    Pizza h = new Pizza();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    if (v.spec != null && v.spec.toppings != null) {
      h.spec.toppings = new ArrayList<>(v.spec.toppings.stream()
          .map(t -> t == null ? null : new Pizza.ToppingRef(t.name, t.quantity)).toList());
    }
    if (v.status != null) {
      h.status = new Pizza.Status();
      h.status.cost = v.status.cost;
    }
    return h;
  }

  @Override
  public PizzaV1beta1 fromHub(Pizza h) {
    PizzaV1beta1 v = new PizzaV1beta1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new PizzaV1beta1.Spec();
    if (h.spec.toppings != null) {
      v.spec.toppings = new ArrayList<>(h.spec.toppings.stream().map(t -> {
        if (t == null) {
          return null;
        }
        PizzaV1beta1.ToppingRef r = new PizzaV1beta1.ToppingRef();
        r.name = t.name;
        r.quantity = t.quantity;
        return r;
      }).toList());
    }
    if (h.status != null) {
      v.status = new PizzaV1beta1.Status();
      v.status.cost = h.status.cost;
    }
    return v;
  }
}
