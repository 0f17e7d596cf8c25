package dev.customapiserver.apis.restaurant;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/** Topping as served in {@code restaurant.wukong.com/v1beta1}. */
@Description("A Topping is something to put on a Pizza, with its cost.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ToppingV1beta1 extends KubeObject {
  @Description("Desired state of the Topping.")
  @Valid public Spec spec;

  /** Desired state. */
  @Description("ToppingSpec is the desired state of a Topping.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("Cost of one portion. Required, greater than 0.")
    @NotNull @Positive public Double cost;
  }
}
