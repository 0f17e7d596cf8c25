/**
 * The sample modules of "Programming Kubernetes": {@code restaurant.wukong.com} (Pizza and Topping,
 * with {@code status.cost} summed from Topping prices, the PizzaToppings admission plugin and the
 * {@code /wukong} endpoints) and {@code restaurant.programming-kubernetes.info}.
 */
package dev.customapiserver.groups.restaurant;
