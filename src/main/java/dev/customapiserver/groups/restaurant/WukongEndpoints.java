package dev.customapiserver.groups.restaurant;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.apis.restaurant.Pizza;
import dev.customapiserver.apis.restaurant.Topping;
import dev.customapiserver.apis.restaurant.ToppingCounts;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.extension.EndpointRequest;
import dev.customapiserver.runtime.extension.EndpointResponse;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.runtime.extension.ObjectClient;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;

/**
 * The restaurant's plain-JSON API under {@code /wukong/}, for people who do not want the Kubernetes
 * shape: {@code POST /wukong/pizzas/{namespace}} with {@code {"name","toppings":[...]}} creates a
 * Pizza through the registry (validation and admission apply; errors are Status) and answers 201
 * {@code {"name","cost"}}; {@code GET /wukong/menu} lists the toppings with their cost.
 */
public final class WukongEndpoints {
  static final GroupResource PIZZAS = new GroupResource(RestaurantModule.GROUP, "pizzas");
  static final GroupResource TOPPINGS = new GroupResource(RestaurantModule.GROUP, "toppings");
  private final ObjectClient client;
  private final ObjectMapper json = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();

  /** An order: the pizza's name and its toppings, a topping named twice counting two portions. */
  record Order(String name, List<String> toppings) {}

  /** What an order answers: the Pizza's name and its cost (null while a topping's cost is unknown). */
  @JsonInclude(JsonInclude.Include.ALWAYS)
  record Ordered(String name, Double cost) {}

  /** One line of the menu. */
  record MenuItem(String name, Double cost) {}

  /** The menu: every Topping, by name. */
  record Menu(List<MenuItem> toppings) {}

  WukongEndpoints(ObjectClient client) {
    this.client = client;
  }

  List<ExtensionEndpoint> endpoints() {
    return List.of(new ExtensionEndpoint("POST", "/wukong/pizzas/{namespace}", this::order),
        new ExtensionEndpoint("GET", "/wukong/menu", this::menu));
  }

  EndpointResponse order(EndpointRequest request) {
    if (!request.contentType().equals("application/json")) {
      throw Errors.unsupportedMediaType(request.contentType(), List.of("application/json"));
    }
    Order order = read(request.body());
    Pizza pizza = new Pizza();
    pizza.metadata().name = order.name();
    pizza.metadata().namespace = request.path("namespace");
    pizza.spec.toppings = order.toppings() == null ? List.of() : ToppingCounts.collapse(order.toppings());
    Pizza created = client.create(PIZZAS, Pizza.class, pizza, request.user());
    return EndpointResponse.created(new Ordered(created.metadata().name, created.status == null ? null : created.status.cost));
  }

  EndpointResponse menu(EndpointRequest request) {
    List<MenuItem> items = client.list(TOPPINGS, Topping.class, null, request.user()).stream()
        .map(t -> new MenuItem(t.metadata().name, t.spec.cost))
        .sorted(Comparator.comparing(MenuItem::name)).toList();
    return EndpointResponse.ok(new Menu(items));
  }

  private Order read(byte[] body) {
    try {
      Order o = json.readValue(body, Order.class);
      if (o == null) {
        throw Errors.badRequest("the request body is empty: expected {\"name\": ..., \"toppings\": [...]}");
      }
      return o;
    } catch (JsonProcessingException e) {
      throw Errors.badRequest("the request body is not a pizza order {\"name\": string, \"toppings\": [string]}"
          + (e instanceof UnrecognizedPropertyException u
              ? ": unknown field \"" + u.getPropertyName() + "\"" : "")
          + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
    } catch (IOException e) {
      throw Errors.badRequest("the request body cannot be read");
    }
  }
}
