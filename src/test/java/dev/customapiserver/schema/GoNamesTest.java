package dev.customapiserver.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.core.SecretV1;
import dev.customapiserver.apis.core.TokenRequest;
import dev.customapiserver.apis.rbac.AggregationRule;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Go names of the wire classes, as kube's messages print them")
class GoNamesTest {

  @Test
  @DisplayName("version suffixes dropped, Spec/Status named after their outer type, types qualified by their version")
  void names() {
    assertThat(GoNames.of(SecretV1.class)).isEqualTo("Secret");
    assertThat(GoNames.of(TokenRequest.Spec.class)).isEqualTo("TokenRequestSpec");
    assertThat(GoNames.of(SecretV1.class, SecretV1.class, "Secret")).isEqualTo("Secret");
    assertThat(GoNames.qualified(AggregationRule.class)).isEqualTo("v1.AggregationRule");
    assertThat(GoNames.qualified(dev.customapiserver.apis.restaurant.PizzaV1alpha1.class)).isEqualTo("v1alpha1.Pizza");
  }
}
