package dev.customapiserver.apis.restaurant;

import static dev.customapiserver.apis.restaurant.PizzaConversionTest.betaOf;
import static dev.customapiserver.apis.restaurant.PizzaConversionTest.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.Documented;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Pizza's OpenAPI defaults are what its defaulter applies")
class PizzaDocumentedValuesTest {
  @Test
  @DisplayName("v1beta1 topping quantity: the documented default is the quantity the defaulter gives a topping without one")
  void quantity() {
    PizzaV1beta1 pizza = betaOf(ref("salami", null));
    PizzaDefaults.v1beta1(pizza);
    assertThat(Documented.at(pizza, "/spec/toppings/0/quantity"))
        .isEqualTo(Documented.defaultOf(PizzaV1beta1.ToppingRef.class, "quantity"));
  }
}
