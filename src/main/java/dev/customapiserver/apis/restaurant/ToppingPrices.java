package dev.customapiserver.apis.restaurant;

import java.util.OptionalDouble;

/**
 * The cost of one portion of a topping, by Topping name. The seam through which Pizza's
 * {@code status.cost} reaches Topping objects: the registry-backed lookup comes with the
 * PizzaToppings admission plugin (a later issue). Until then {@link #UNKNOWN} leaves cost unset.
 */
@FunctionalInterface
public interface ToppingPrices {
  /** Knows no topping: every Pizza's cost stays unset. */
  ToppingPrices UNKNOWN = name -> OptionalDouble.empty();

  /** The cost of the Topping named, or empty when there is no such Topping. */
  OptionalDouble costOf(String topping);
}
