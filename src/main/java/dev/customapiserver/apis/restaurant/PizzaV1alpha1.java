package dev.customapiserver.apis.restaurant;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** Pizza as served in {@code restaurant.wukong.com/v1alpha1}: topping names, one per portion. */
@Description("A Pizza is a list of toppings; its cost is computed by the server.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class PizzaV1alpha1 extends KubeObject {
  @Description("Desired state of the Pizza.")
  public Spec spec;
  @Description("Observed state of the Pizza, computed by the server.")
  public Status status;

  /** Desired state. */
  @Description("PizzaSpec is the desired state of a Pizza.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("Names of Topping objects; a name repeats once per portion.")
    public List<String> toppings;
  }

  /** Observed state. */
  @Description("PizzaStatus is the observed state of a Pizza.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    @Description("Sum of topping cost times quantity, computed by the server on every write.")
    public Double cost;
  }
}
