package dev.customapiserver.groups.restaurant;

import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.Topping;
import java.util.OptionalDouble;

/**
 * The cost of one portion of a topping, by Topping name. The seam through which Pizza's
 * {@code status.cost} reaches Topping objects: in the server it is backed by the Topping lister
 * ({@link ListedToppingPrices}, bound when the module gets its listers); {@link #UNKNOWN} (cost
 * unset) where no listers are given, as in tests of the group alone.
 */
@FunctionalInterface
public interface ToppingPrices {
  /** Knows no topping: every Pizza's cost stays unset. */
  ToppingPrices UNKNOWN = name -> OptionalDouble.empty();

  /** The cost of the Topping named, or empty when there is no such Topping. */
  OptionalDouble costOf(String topping);
}
