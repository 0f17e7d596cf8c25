package dev.customapiserver.groups.restaurant;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.Topping;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import java.util.List;

/**
 * Seed 002's pizza-apiserver group, {@code restaurant.programming-kubernetes.info}: Pizza in v1beta1
 * (preferred) and v1alpha1, Topping in v1alpha1, as "Programming Kubernetes" serves them. Both are
 * cohabitants ({@link ResourceType.Builder#storedAs}) of {@link RestaurantModule}'s resources: one
 * storage, so a Pizza created through either group is the same object (uid, resourceVersion, watch
 * events) through the other. Same types, conversions, defaults, rules and columns; PizzaToppings
 * (brought by {@link RestaurantModule}) guards the Pizzas of both groups.
 */
public final class ProgrammingKubernetesModule implements ApiGroupModule {
  public static final String GROUP = "restaurant.programming-kubernetes.info";
  static final GroupResource PIZZAS = new GroupResource(GROUP, "pizzas");

  private final ListedToppingPrices prices = new ListedToppingPrices();

  @Override
  public ApiGroup apiGroup() {
    ResourceType<Pizza> pizzas = RestaurantModule.pizzaVersions(GROUP, prices)
        .storedAs(PizzaToppings.PIZZAS)
        .storageVersion("v1beta1")
        .build();
    ResourceType<Topping> toppings = ResourceType.builder(GROUP, "Topping", "toppings", Topping.class)
        .clusterScoped()
        .storedAs(PizzaToppings.TOPPINGS)
        .served(RestaurantModule.toppingV1alpha1())
        .storageVersion("v1alpha1")
        .build();
    return new ApiGroup(GROUP, List.of("v1beta1", "v1alpha1"), List.of(pizzas, toppings));
  }

  /** No plugin of its own; binds the Topping lister that prices this group's Pizzas. */
  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers) {
    prices.bind(listers.forResource(PizzaToppings.TOPPINGS, Topping.class));
    return List.of();
  }
}
