package dev.customapiserver.groups.restaurant;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The rules of Pizza. Required names and quantities ≥ 1 are Bean Validation annotations on
 * {@link Pizza}; here: a null entry is Required, a topping named twice is a Duplicate (its portions belong in one quantity),
 * and {@code status.cost} is computed on every write from {@link ToppingPrices}.
 */
public final class PizzaStrategy implements ResourceStrategy<Pizza> {
  private final ToppingPrices prices;

  PizzaStrategy(ToppingPrices prices) {
    this.prices = prices;
  }

  /** Ignores any status sent and computes the cost. Mutates {@code obj}. */
  @Override
  public void prepareForCreate(Pizza obj) {
    obj.status = null;
    computeCost(obj);
  }

  /** Ignores status changes (only the cost, which is recomputed, lives there). Mutates {@code newObj} only. */
  @Override
  public void prepareForUpdate(Pizza newObj, Pizza oldObj) {
    newObj.status = null;
    if (oldObj.status != null) {
      newObj.status = new Pizza.Status();
      newObj.status.cost = oldObj.status.cost;
    }
    computeCost(newObj);
  }

  /** A status write may not set a cost the toppings contradict: recomputed when every price is known. Mutates {@code newObj}. */
  @Override
  public void prepareForStatusUpdate(Pizza newObj, Pizza oldObj) {
    computeCost(newObj);
  }

  @Override
  public List<FieldError> validate(Pizza obj) {
    List<FieldError> errors = new ArrayList<>();
    if (obj.spec.toppings == null) {
      return errors;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < obj.spec.toppings.size(); i++) {
      Pizza.ToppingRef t = obj.spec.toppings.get(i);
      if (t == null) {
        errors.add(FieldError.required("spec.toppings[" + i + "]", ""));
      } else if (t.name != null && !t.name.isEmpty() && !seen.add(t.name)) {
        errors.add(FieldError.duplicate("spec.toppings[" + i + "].name", t.name));
      }
    }
    return errors;
  }

  /**
   * Sets {@code status.cost} to the sum of topping cost × quantity when every topping's cost is
   * known; leaves the status as it is otherwise (with {@link ToppingPrices#UNKNOWN}, always).
   */
  void computeCost(Pizza pizza) {
    double sum = 0;
    for (Pizza.ToppingRef t : pizza.spec.toppings == null ? List.<Pizza.ToppingRef>of() : pizza.spec.toppings) {
      if (t == null || t.name == null) {
        return;
      }
      OptionalDouble cost = prices.costOf(t.name);
      if (cost.isEmpty()) {
        return;
      }
      sum += cost.getAsDouble() * (t.quantity == null ? 1 : t.quantity);
    }
    if (pizza.status == null) {
      pizza.status = new Pizza.Status();
    }
    pizza.status.cost = sum;
  }
}
