package dev.customapiserver.apis.restaurant;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** The hub (internal) form of Pizza, shaped like v1beta1. {@code spec} is a value, never null. */
@Description("A Pizza is a list of toppings; its cost is computed by the server.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Pizza extends KubeObject {
  @NotNull @Valid public Spec spec = new Spec();
  public Status status;

  /** Desired state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    /** Null entries are reported by the strategy (a container-element constraint would not map to a JSON path). */
    public List<@Valid ToppingRef> toppings;
  }

  /** A topping and how many portions of it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class ToppingRef {
    @NotBlank public String name;
    @NotNull @Min(1) public Integer quantity;

    public ToppingRef() {}

    public ToppingRef(String name, Integer quantity) {
      this.name = name;
      this.quantity = quantity;
    }
  }

  /** Observed state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public Double cost;
  }
}
