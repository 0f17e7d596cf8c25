package dev.customapiserver.groups.restaurant;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.Topping;
import dev.customapiserver.runtime.GroupResource;
import java.util.Set;

/**
 * The pizza-apiserver's PizzaToppings: every topping a Pizza names must exist as a Topping, else
 * 403 Forbidden naming the first missing one ({@code unknown topping: salami}). Guards Pizzas
 * created or updated through either group serving them.
 */
public final class PizzaToppings implements ValidatingPlugin {
  static final GroupResource PIZZAS = new GroupResource(RestaurantModule.GROUP, "pizzas");
  static final GroupResource TOPPINGS = new GroupResource(RestaurantModule.GROUP, "toppings");

  private final Lister<Topping> toppings;

  PizzaToppings(Lister<Topping> toppings) {
    this.toppings = toppings;
  }

  @Override
  public String name() {
    return "PizzaToppings";
  }

  @Override
  public Set<Operation> operations() {
    return Set.of(Operation.CREATE, Operation.UPDATE);
  }

  /** Pizzas of either group that serves them (restaurant.wukong.com and its cohabitant). */
  @Override
  public boolean handles(Attributes a) {
    return operations().contains(a.operation())
        && (a.resource().equals(PIZZAS) || a.resource().equals(ProgrammingKubernetesModule.PIZZAS));
  }

  @Override
  public void validate(Attributes a) {
    Pizza pizza = (Pizza) a.object();
    if (pizza.spec.toppings == null) {
      return;
    }
    for (Pizza.ToppingRef t : pizza.spec.toppings) {
      if (t != null && toppings.get(null, t.name).isEmpty()) {
        throw a.forbidden("unknown topping: " + t.name);
      }
    }
  }
}
