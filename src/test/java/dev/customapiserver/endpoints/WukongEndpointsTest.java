package dev.customapiserver.endpoints;

import static dev.customapiserver.endpoints.RestApiCrudTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.endpoints.RestApi.Settings;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The restaurant's /wukong/ extension endpoints through the REST layer")
class WukongEndpointsTest {
  static final String TOPPINGS = "/apis/restaurant.wukong.com/v1beta1/toppings";
  static final String PIZZAS = "/apis/restaurant.wukong.com/v1beta1/namespaces/default/pizzas";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroupModule> modules = ServiceLoader.load(ApiGroupModule.class).stream().map(ServiceLoader.Provider::get).toList();
    server = new TestServer(modules.stream().map(ApiGroupModule::apiGroup).toList(), new MemoryStorageBackend(), Settings.DEFAULT,
        client -> modules.stream().flatMap(m -> m.extensionEndpoints(client).stream()).toList());
    for (String t : List.of("{\"metadata\":{\"name\":\"salami\"},\"spec\":{\"cost\":1.5}}",
        "{\"metadata\":{\"name\":\"cheese\"},\"spec\":{\"cost\":0.5}}")) {
      assertThat(server.send("POST", TOPPINGS, t).statusCode()).isEqualTo(201);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @DisplayName("POST /wukong/pizzas/{namespace} creates a Pizza (repeats become quantities) and answers 201 {name, cost}")
  void orderPizza() throws Exception {
    HttpResponse<String> r = server.send("POST", "/wukong/pizzas/default",
        "{\"name\":\"diavola\",\"toppings\":[\"salami\",\"salami\",\"cheese\"]}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
    JsonNode answer = json(r);
    assertThat(answer.get("name").asText()).isEqualTo("diavola");
    assertThat(answer.has("cost")).isTrue();
    JsonNode pizza = json(server.send("GET", PIZZAS + "/diavola", null));
    assertThat(pizza.at("/spec/toppings/0/name").asText()).isEqualTo("salami");
    assertThat(pizza.at("/spec/toppings/0/quantity").asInt()).isEqualTo(2);
    assertThat(pizza.at("/spec/toppings/1/quantity").asInt()).isEqualTo(1);
    assertThat(pizza.at("/metadata/uid").asText()).isNotEmpty();
    assertThat(answer.get("cost")).as("the cost answered is the Pizza's status.cost").isEqualTo(
        pizza.at("/status/cost").isMissingNode() ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : pizza.at("/status/cost"));
  }

  @Test
  @DisplayName("an order the registry refuses is the registry's Status: 409 for a taken name, 422 for a missing one")
  void registryErrors() throws Exception {
    server.send("POST", "/wukong/pizzas/default", "{\"name\":\"taken\",\"toppings\":[\"cheese\"]}");
    HttpResponse<String> again = server.send("POST", "/wukong/pizzas/default", "{\"name\":\"taken\",\"toppings\":[\"cheese\"]}");
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(json(again).at("/kind").asText()).isEqualTo("Status");
    assertThat(json(again).at("/message").asText()).isEqualTo("pizzas.restaurant.wukong.com \"taken\" already exists");
    HttpResponse<String> noName = server.send("POST", "/wukong/pizzas/default", "{\"toppings\":[\"cheese\"]}");
    assertThat(noName.statusCode()).isEqualTo(422);
    assertThat(json(noName).at("/details/causes/0/field").asText()).isEqualTo("metadata.name");
    HttpResponse<String> badName = server.send("POST", "/wukong/pizzas/default", "{\"name\":\"Bad_Name\",\"toppings\":[]}");
    assertThat(badName.statusCode()).isEqualTo(422);
    assertThat(json(badName).at("/reason").asText()).isEqualTo("Invalid");
  }

  @Test
  @DisplayName("a body that is no order is 400 and a non-JSON body 415, as Status")
  void badBodies() throws Exception {
    HttpResponse<String> unknown = server.send("POST", "/wukong/pizzas/default", "{\"name\":\"x\",\"crust\":\"thin\"}");
    assertThat(unknown.statusCode()).isEqualTo(400);
    assertThat(json(unknown).at("/reason").asText()).isEqualTo("BadRequest");
    assertThat(json(unknown).at("/message").asText()).contains("crust");
    assertThat(server.send("POST", "/wukong/pizzas/default", "not json").statusCode()).isEqualTo(400);
    assertThat(server.send("POST", "/wukong/pizzas/default", "name: x", "Content-Type", "application/yaml").statusCode())
        .isEqualTo(415);
    assertThat(server.send("GET", "/wukong/pizzas/default", null).statusCode()).isEqualTo(405);
    assertThat(server.send("GET", "/wukong/nothing", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("GET /wukong/menu lists every topping with its cost, by name")
  void menu() throws Exception {
    HttpResponse<String> r = server.send("GET", "/wukong/menu", null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(json(r).toString())
        .isEqualTo("{\"toppings\":[{\"name\":\"cheese\",\"cost\":0.5},{\"name\":\"salami\",\"cost\":1.5}]}");
  }
}
