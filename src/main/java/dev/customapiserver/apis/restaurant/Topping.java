package dev.customapiserver.apis.restaurant;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/** The hub (internal) form of Topping. {@code spec} is a value, never null. */
@Description("A Topping is something to put on a Pizza, with its cost.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Topping extends KubeObject {
  @NotNull @Valid public Spec spec = new Spec();

  /** Desired state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @NotNull @Positive public Double cost;
  }
}
