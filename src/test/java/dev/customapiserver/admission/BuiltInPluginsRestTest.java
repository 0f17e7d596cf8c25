package dev.customapiserver.admission;

import static dev.customapiserver.admission.AdmissionFixtures.CICD;
import static dev.customapiserver.admission.AdmissionFixtures.RESTAURANT;
import static dev.customapiserver.admission.AdmissionFixtures.WARDLE;
import static dev.customapiserver.admission.AdmissionFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The built-in admission plugins through the REST layer")
class BuiltInPluginsRestTest {
  TestServer server;

  @BeforeEach
  void start() throws Exception {
    server = AdmissionFixtures.server(PluginSelection.DEFAULT);
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  HttpResponse<String> post(String path, String body) throws Exception {
    return server.send("POST", path, body);
  }

  static void assertForbidden(HttpResponse<String> r, String message) throws Exception {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(403);
    JsonNode s = json(r);
    assertThat(s.at("/kind").asText()).isEqualTo("Status");
    assertThat(s.at("/reason").asText()).isEqualTo("Forbidden");
    assertThat(s.at("/message").asText()).isEqualTo(message);
  }

  @Test
  @DisplayName("BanFlunder: a Flunder named in a Fischer's disallowedFlunders is 403; other names are created")
  void banFlunder() throws Exception {
    assertThat(post(WARDLE + "/fischers", "{\"metadata\":{\"name\":\"f\"},\"disallowedFlunders\":[\"evil\"]}").statusCode())
        .isEqualTo(201);
    HttpResponse<String> banned = post(WARDLE + "/namespaces/default/flunders", "{\"metadata\":{\"name\":\"evil\"}}");
    assertForbidden(banned, "flunders.wardle.example.com \"evil\" is forbidden: this name may not be used, please change the resource name");
    JsonNode details = json(banned).at("/details");
    assertThat(details.at("/name").asText()).isEqualTo("evil");
    assertThat(details.at("/group").asText()).isEqualTo("wardle.example.com");
    assertThat(details.at("/kind").asText()).isEqualTo("flunders");
    assertThat(post(WARDLE + "/namespaces/default/flunders", "{\"metadata\":{\"name\":\"good\"}}").statusCode()).isEqualTo(201);
  }

  @Test
  @DisplayName("PizzaToppings: a Pizza naming a missing Topping is 403 on create and update; status.cost is Σ cost × quantity")
  void pizzaToppings() throws Exception {
    String pizzas = RESTAURANT + "/namespaces/default/pizzas";
    String margherita = "{\"metadata\":{\"name\":\"margherita\"},\"spec\":{\"toppings\":[{\"name\":\"mozzarella\",\"quantity\":2},"
        + "{\"name\":\"tomato\"}]}}";
    assertForbidden(post(pizzas, margherita), "pizzas.restaurant.wukong.com \"margherita\" is forbidden: unknown topping: mozzarella");
    assertThat(post(RESTAURANT + "/toppings", "{\"metadata\":{\"name\":\"mozzarella\"},\"spec\":{\"cost\":1.5}}").statusCode()).isEqualTo(201);
    assertThat(post(RESTAURANT + "/toppings", "{\"metadata\":{\"name\":\"tomato\"},\"spec\":{\"cost\":0.25}}").statusCode()).isEqualTo(201);
    HttpResponse<String> created = post(pizzas, margherita);
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(json(created).at("/status/cost").asDouble()).isEqualTo(3.25);

    HttpResponse<String> patched = server.send("PATCH", pizzas + "/margherita",
        "{\"spec\":{\"toppings\":[{\"name\":\"tomato\",\"quantity\":4}]}}", "Content-Type", "application/merge-patch+json");
    assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
    assertThat(json(patched).at("/status/cost").asDouble()).as("recomputed on update").isEqualTo(1.0);

    assertForbidden(server.send("PATCH", pizzas + "/margherita", "{\"spec\":{\"toppings\":[{\"name\":\"pineapple\"}]}}",
        "Content-Type", "application/merge-patch+json"),
        "pizzas.restaurant.wukong.com \"margherita\" is forbidden: unknown topping: pineapple");
  }

  @Test
  @DisplayName("JenkinsService (seed 004): ten JenkinsServices in the whole server; the eleventh is 403 in the seed's words")
  void jenkinsQuota() throws Exception {
    for (int i = 0; i < 10; i++) {
      String ns = i % 2 == 0 ? "default" : "other";
      if (i == 1) {
        post("/api/v1/namespaces", "{\"metadata\":{\"name\":\"other\"}}");
      }
      HttpResponse<String> r = post(CICD + "/namespaces/" + ns + "/jenkinsservices", jenkins("js-" + i));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    }
    assertForbidden(post(CICD + "/namespaces/default/jenkinsservices", jenkins("js-10")),
        "jenkinsservices.autobusi.group.cicd \"js-10\" is forbidden: too many service instances exist, 10 exist but max is 10");
    assertThat(server.send("DELETE", CICD + "/namespaces/other/jenkinsservices/js-1", null).statusCode()).isEqualTo(200);
    assertThat(post(CICD + "/namespaces/default/jenkinsservices", jenkins("js-10")).statusCode())
        .as("room again after a delete").isEqualTo(201);
  }

  @Test
  @DisplayName("a dry run runs admission (a banned Flunder is still 403) and stores nothing it admits")
  void dryRun() throws Exception {
    post(WARDLE + "/fischers", "{\"metadata\":{\"name\":\"f\"},\"disallowedFlunders\":[\"evil\"]}");
    assertForbidden(post(WARDLE + "/namespaces/default/flunders?dryRun=All", "{\"metadata\":{\"name\":\"evil\"}}"),
        "flunders.wardle.example.com \"evil\" is forbidden: this name may not be used, please change the resource name");
    post(RESTAURANT + "/toppings", "{\"metadata\":{\"name\":\"cheese\"},\"spec\":{\"cost\":2}}");
    HttpResponse<String> dry = post(RESTAURANT + "/namespaces/default/pizzas?dryRun=All",
        "{\"metadata\":{\"name\":\"dry\"},\"spec\":{\"toppings\":[{\"name\":\"cheese\",\"quantity\":3}]}}");
    assertThat(dry.statusCode()).as(dry.body()).isEqualTo(201);
    assertThat(json(dry).at("/status/cost").asDouble()).isEqualTo(6.0);
    assertThat(server.send("GET", RESTAURANT + "/namespaces/default/pizzas/dry", null).statusCode()).isEqualTo(404);
    assertForbidden(post(RESTAURANT + "/namespaces/default/pizzas?dryRun=All",
        "{\"metadata\":{\"name\":\"dry\"},\"spec\":{\"toppings\":[{\"name\":\"ham\"}]}}"),
        "pizzas.restaurant.wukong.com \"dry\" is forbidden: unknown topping: ham");
  }

  static String jenkins(String name) {
    return "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"instanceamount\":1}}";
  }
}
