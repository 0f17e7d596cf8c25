package dev.customapiserver.apis.restaurant;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import java.util.List;

/** Pizza as served in {@code restaurant.wukong.com/v1beta1}: toppings with quantities. */
@Description("A Pizza is a list of toppings; its cost is computed by the server.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class PizzaV1beta1 extends KubeObject {
  @Description("Desired state of the Pizza.")
  @Valid public Spec spec;
  @Description("Observed state of the Pizza, computed by the server.")
  public Status status;

  /** Desired state. */
  @Description("PizzaSpec is the desired state of a Pizza.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("The toppings, each named once, with how many portions of it.")
    @PatchStrategy(value = "merge", mergeKey = "name")
    @ListType(value = "map", mapKeys = {"name"})
    public List<@Valid ToppingRef> toppings;
  }

  /** A topping and how many portions of it. */
  @Description("PizzaTopping names a Topping and how many portions of it.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class ToppingRef {
    @Description("Name of a Topping object. Required.")
    @NotBlank public String name;
    @Description("How many portions. At least 1, defaults to 1.")
    @Default("1")
    @Min(1) public Integer quantity;
  }

  /** Observed state. */
  @Description("PizzaStatus is the observed state of a Pizza.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    @Description("Sum of topping cost times quantity, computed by the server on every write.")
    public Double cost;
  }
}
