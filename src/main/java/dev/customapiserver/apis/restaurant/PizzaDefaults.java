package dev.customapiserver.apis.restaurant;

/** Defaulting of Pizza request bodies, per version. */
public final class PizzaDefaults {
  private PizzaDefaults() {}

  /** v1beta1: a topping's {@code quantity} defaults to 1. */
  public static void v1beta1(PizzaV1beta1 p) {
    if (p.spec == null || p.spec.toppings == null) {
      return;
    }
    for (PizzaV1beta1.ToppingRef t : p.spec.toppings) {
      if (t != null && t.quantity == null) {
        t.quantity = 1;
      }
    }
  }
}
