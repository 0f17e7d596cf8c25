package dev.customapiserver.groups.restaurant;

import static dev.customapiserver.apis.restaurant.PizzaConversionTest.betaOf;
import static dev.customapiserver.apis.restaurant.PizzaConversionTest.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.PizzaV1beta1Converter;
import dev.customapiserver.groups.restaurant.PizzaStrategy;
import java.util.OptionalDouble;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Pizza through the status subresource")
class PizzaStatusTest {
  private final PizzaV1beta1Converter beta = new PizzaV1beta1Converter();

  @Test
  @DisplayName("a status write cannot set a cost the toppings contradict: it is recomputed when prices are known")
  void statusWriteRecomputesCost() {
    PizzaStrategy priced = new PizzaStrategy(name -> name.equals("salami") ? OptionalDouble.of(2.0) : OptionalDouble.empty());
    Pizza old = beta.toHub(betaOf(ref("salami", 3)));
    priced.prepareForCreate(old);
    Pizza written = beta.toHub(betaOf(ref("salami", 3)));
    written.status = new Pizza.Status();
    written.status.cost = 0.01;
    priced.prepareForStatusUpdate(written, old);
    assertThat(written.status.cost).isEqualTo(6.0);
    assertThat(old.status.cost).as("old object untouched").isEqualTo(6.0);
  }
}
