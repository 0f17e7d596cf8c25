package dev.customapiserver.groups.restaurant;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.PizzaDefaults;
import dev.customapiserver.apis.restaurant.PizzaV1alpha1;
import dev.customapiserver.apis.restaurant.PizzaV1alpha1Converter;
import dev.customapiserver.apis.restaurant.PizzaV1beta1;
import dev.customapiserver.apis.restaurant.PizzaV1beta1Converter;
import dev.customapiserver.apis.restaurant.Topping;
import dev.customapiserver.apis.restaurant.ToppingV1alpha1;
import dev.customapiserver.apis.restaurant.ToppingV1alpha1Converter;
import dev.customapiserver.apis.restaurant.ToppingV1beta1;
import dev.customapiserver.apis.restaurant.ToppingV1beta1Converter;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.runtime.extension.ObjectClient;
import java.util.List;

/** The {@code restaurant.wukong.com} group: Pizza and Topping in v1beta1 (preferred, stored) and v1alpha1. */
public final class RestaurantModule implements ApiGroupModule {
  public static final String GROUP = "restaurant.wukong.com";

  private final ListedToppingPrices prices = new ListedToppingPrices();

  /** Pizza's cost comes from the Topping lister, bound in {@link #admissionPlugins}. */
  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1beta1", "v1alpha1"), List.of(pizzas(prices), toppings()));
  }

  /** PizzaToppings; also binds the Topping lister that prices every Pizza's {@code status.cost}. */
  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers) {
    var toppings = listers.forResource(PizzaToppings.TOPPINGS, Topping.class);
    prices.bind(toppings);
    return List.of(new PizzaToppings(toppings));
  }

  /** The {@code /wukong/} plain-JSON endpoints (see {@link WukongEndpoints}). */
  @Override
  public List<ExtensionEndpoint> extensionEndpoints(ObjectClient client) {
    return new WukongEndpoints(client).endpoints();
  }

  static ResourceType<Pizza> pizzas(ToppingPrices prices) {
    return pizzaVersions(GROUP, prices).categories("all").storageVersion("v1beta1").build();
  }

  /**
   * Pizza as served in both versions under {@code group}, with its rules and columns; the caller says
   * how it is stored (owner) or whose storage it shares (cohabitant).
   */
  static ResourceType.Builder<Pizza> pizzaVersions(String group, ToppingPrices prices) {
    return ResourceType.builder(group, "Pizza", "pizzas", Pizza.class)
        .statusSubresource()
        .served(ServedVersion.of("v1beta1", PizzaV1beta1.class, new PizzaV1beta1Converter()).withSchemaProtobuf()
            .withDefaulter(PizzaDefaults::v1beta1)
            .withColumns(
                PrinterColumn.of("TOPPINGS", "integer", "How many toppings (portions) the pizza has.",
                    p -> p.spec == null || p.spec.toppings == null ? 0 : p.spec.toppings.stream()
                        .mapToInt(t -> t == null || t.quantity == null ? 1 : t.quantity).sum()),
                PrinterColumn.of("COST", "number", "Sum of topping cost times quantity.",
                    p -> p.status == null ? null : p.status.cost)))
        .served(ServedVersion.of("v1alpha1", PizzaV1alpha1.class, new PizzaV1alpha1Converter()).withSchemaProtobuf()
            .withColumns(
                PrinterColumn.of("TOPPINGS", "integer", "How many toppings (portions) the pizza has.",
                    p -> p.spec == null || p.spec.toppings == null ? 0 : p.spec.toppings.size()),
                PrinterColumn.of("COST", "number", "Sum of topping cost times quantity.",
                    p -> p.status == null ? null : p.status.cost)))
        .strategy(new PizzaStrategy(prices));
  }

  static ResourceType<Topping> toppings() {
    return ResourceType.builder(GROUP, "Topping", "toppings", Topping.class)
        .clusterScoped()
        .served(ServedVersion.of("v1beta1", ToppingV1beta1.class, new ToppingV1beta1Converter()).withSchemaProtobuf()
            .withColumns(PrinterColumn.of("COST", "number", "Cost of one portion.",
                t -> t.spec == null ? null : t.spec.cost)))
        .served(toppingV1alpha1())
        .storageVersion("v1beta1")
        .build();
  }

  static ServedVersion<Topping, ToppingV1alpha1> toppingV1alpha1() {
    return ServedVersion.of("v1alpha1", ToppingV1alpha1.class, new ToppingV1alpha1Converter()).withSchemaProtobuf()
        .withColumns(PrinterColumn.of("COST", "number", "Cost of one portion.", t -> t.spec == null ? null : t.spec.cost));
  }
}
