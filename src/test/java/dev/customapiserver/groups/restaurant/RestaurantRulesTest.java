package dev.customapiserver.groups.restaurant;

import static dev.customapiserver.apis.restaurant.PizzaConversionTest.betaOf;
import static dev.customapiserver.apis.restaurant.PizzaConversionTest.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.Violations;
import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.PizzaDefaults;
import dev.customapiserver.apis.restaurant.PizzaV1beta1;
import dev.customapiserver.apis.restaurant.PizzaV1beta1Converter;
import dev.customapiserver.apis.restaurant.Topping;
import dev.customapiserver.groups.restaurant.PizzaStrategy;
import dev.customapiserver.groups.restaurant.ToppingPrices;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Pizza and Topping defaulting, validation and cost")
class RestaurantRulesTest {
  private final PizzaV1beta1Converter beta = new PizzaV1beta1Converter();
  private final PizzaStrategy strategy = new PizzaStrategy(ToppingPrices.UNKNOWN);

  @Test
  @DisplayName("v1beta1 defaults a missing quantity to 1 and keeps a given one")
  void quantityDefault() {
    PizzaV1beta1 p = betaOf(ref("salami", null), ref("cheese", 3));
    PizzaDefaults.v1beta1(p);
    assertThat(p.spec.toppings).extracting(t -> t.quantity).containsExactly(1, 3);
  }

  @Test
  @DisplayName("a topping without name is Required at spec.toppings[i].name; a quantity below 1 is Invalid")
  void toppingFields() {
    Pizza p = beta.toHub(betaOf(ref("salami", 1), ref(null, 1), ref("ham", 0)));
    assertThat(Violations.of(p)).containsExactly("spec.toppings[1].name NotBlank", "spec.toppings[2].quantity Min");
  }

  @Test
  @DisplayName("a topping named twice is a Duplicate at the second entry's name")
  void duplicate() {
    Pizza p = beta.toHub(betaOf(ref("salami", 1), ref("cheese", 1), ref("salami", 2)));
    assertThat(strategy.validate(p)).extracting(FieldError::toString)
        .containsExactly("spec.toppings[2].name: Duplicate value: \"salami\"");
    assertThat(strategy.validate(beta.toHub(betaOf(ref("salami", 2))))).isEmpty();
  }

  @Test
  @DisplayName("a null topping entry is Required at spec.toppings[i]")
  void nullEntry() {
    Pizza p = beta.toHub(betaOf(ref("salami", 1), null));
    assertThat(strategy.validate(p)).extracting(FieldError::toString).containsExactly("spec.toppings[1]: Required value");
    assertThat(Violations.of(p)).isEmpty();
  }

  @Test
  @DisplayName("Topping spec.cost is required and must be greater than 0")
  void toppingCost() {
    Topping t = new Topping();
    assertThat(Violations.of(t)).containsExactly("spec.cost NotNull");
    t.spec.cost = 0.0;
    assertThat(Violations.of(t)).containsExactly("spec.cost Positive");
    t.spec.cost = 0.5;
    assertThat(Violations.of(t)).isEmpty();
  }

  @Test
  @DisplayName("status.cost is the sum of topping cost × quantity, recomputed on create and update")
  void cost() {
    ToppingPrices prices = name -> Map.of("salami", 2.0, "cheese", 0.5).containsKey(name)
        ? OptionalDouble.of(Map.of("salami", 2.0, "cheese", 0.5).get(name)) : OptionalDouble.empty();
    PizzaStrategy priced = new PizzaStrategy(prices);
    Pizza p = beta.toHub(betaOf(ref("salami", 2), ref("cheese", 1)));
    p.status = new Pizza.Status();
    p.status.cost = 999.0;
    priced.prepareForCreate(p);
    assertThat(p.status.cost).isEqualTo(4.5);

    Pizza updated = beta.toHub(betaOf(ref("cheese", 4)));
    priced.prepareForUpdate(updated, p);
    assertThat(updated.status.cost).isEqualTo(2.0);
    assertThat(p.status.cost).as("old object untouched").isEqualTo(4.5);
  }

  @Test
  @DisplayName("without known topping prices the cost stays unset and sent status is ignored")
  void costUnknown() {
    Pizza p = beta.toHub(betaOf(ref("salami", 1)));
    p.status = new Pizza.Status();
    p.status.cost = 1.0;
    strategy.prepareForCreate(p);
    assertThat(p.status).isNull();
  }
}
