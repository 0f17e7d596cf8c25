package dev.customapiserver.apis.restaurant;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Pizza v1alpha1 to and from the hub. A topping with quantity n is listed n times in v1alpha1;
 * repeats collapse into one entry with a quantity, in order of first appearance.
 *
 * <p>Most hub lists come back unchanged from that expansion. Those that do not (a name listed twice,
 * a missing or non-positive quantity: all invalid, so never stored) ride as JSON in the annotation
 * {@value #TOPPINGS_ANNOTATION}. On the way back the annotation is used only while the v1alpha1 list
 * is still its expansion; a client that changed the toppings through v1alpha1 gets its new list.
 */
public final class PizzaV1alpha1Converter implements KindConverter<Pizza, PizzaV1alpha1> {
  public static final String TOPPINGS_ANNOTATION = "restaurant.wukong.com/v1beta1-toppings";
  private static final TypeReference<List<Pizza.ToppingRef>> REFS = new TypeReference<>() {};

  private final ObjectMapper json = JsonMapper.builder().build();

  @Override
  public Pizza toHub(PizzaV1alpha1 v) {
    Pizza h = new Pizza();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    List<Pizza.ToppingRef> carried = takeCarried(h.metadata);
    List<String> names = v.spec == null ? null : v.spec.toppings;
    if (names != null) {
      h.spec.toppings = carried != null && ToppingCounts.expand(carried).equals(names)
          ? carried : ToppingCounts.collapse(names);
    }
    if (v.status != null) {
      h.status = new Pizza.Status();
      h.status.cost = v.status.cost;
    }
    return h;
  }

  @Override
  public PizzaV1alpha1 fromHub(Pizza h) {
    PizzaV1alpha1 v = new PizzaV1alpha1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new PizzaV1alpha1.Spec();
    if (h.spec.toppings != null) {
      v.spec.toppings = ToppingCounts.expand(h.spec.toppings);
      if (!ToppingCounts.canonical(h.spec.toppings)) {
        carry(v.metadata, h.spec.toppings);
      }
    }
    if (h.status != null) {
      v.status = new PizzaV1alpha1.Status();
      v.status.cost = h.status.cost;
    }
    return v;
  }

  private void carry(ObjectMeta meta, List<Pizza.ToppingRef> refs) {
    try {
      if (meta.annotations == null) {
        meta.annotations = new LinkedHashMap<>();
      }
      meta.annotations.put(TOPPINGS_ANNOTATION, json.writeValueAsString(refs));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + TOPPINGS_ANNOTATION, e);
    }
  }

  /** Removes the annotation from metadata the caller owns; its toppings, or null when absent or unreadable. */
  private List<Pizza.ToppingRef> takeCarried(ObjectMeta meta) {
    if (meta.annotations == null || !meta.annotations.containsKey(TOPPINGS_ANNOTATION)) {
      return null;
    }
    String value = meta.annotations.remove(TOPPINGS_ANNOTATION);
    if (meta.annotations.isEmpty()) {
      meta.annotations = null;
    }
    try {
      return value == null ? null : new ArrayList<>(json.readValue(value, REFS));
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
