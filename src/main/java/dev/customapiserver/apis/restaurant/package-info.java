/**
 * The {@code restaurant.wukong.com} types of "Programming Kubernetes": Pizza (namespaced) and Topping
 * (cluster-scoped), in v1alpha1 and v1beta1 (v1beta1 preferred and stored).
 *
 * <p>Hubs: {@link dev.customapiserver.apis.restaurant.Pizza}, {@link dev.customapiserver.apis.restaurant.Topping}.
 * v1alpha1 lists a topping once per portion; v1beta1 lists it once with a quantity
 * ({@link dev.customapiserver.apis.restaurant.PizzaV1alpha1Converter}). The strategy summing
 * {@code status.cost}, the PizzaToppings admission plugin and the {@code /wukong} endpoints live in
 * {@code groups.restaurant}.
 */
package dev.customapiserver.apis.restaurant;
