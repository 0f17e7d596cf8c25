package dev.customapiserver.groups.restaurant;

import dev.customapiserver.admission.Lister;
import dev.customapiserver.apis.restaurant.Topping;
import java.util.OptionalDouble;

/**
 * Topping prices from the Topping lister, bound when the server hands the module its listers (after
 * the strategy that uses it was built); {@link ToppingPrices#UNKNOWN} until then.
 */
public final class ListedToppingPrices implements ToppingPrices {
  private volatile Lister<Topping> toppings;

  void bind(Lister<Topping> lister) {
    this.toppings = lister;
  }

  @Override
  public OptionalDouble costOf(String topping) {
    Lister<Topping> l = toppings;
    if (l == null) {
      return OptionalDouble.empty();
    }
    return l.get(null, topping).filter(t -> t.spec != null && t.spec.cost != null)
        .map(t -> OptionalDouble.of(t.spec.cost)).orElse(OptionalDouble.empty());
  }
}
