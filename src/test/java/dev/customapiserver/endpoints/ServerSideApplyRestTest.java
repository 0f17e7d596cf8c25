package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Server-side apply and field managers through the REST layer")
class ServerSideApplyRestTest {
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  static final String PIZZAS = "/apis/restaurant.wukong.com/v1beta1/namespaces/default/pizzas";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static HttpResponse<String> apply(String path, String manager, boolean force, String yaml) throws Exception {
    String q = "?fieldManager=" + manager + (force ? "&force=true" : "");
    return server.send("PATCH", path + q, yaml, "Content-Type", "application/apply-patch+yaml");
  }

  static String foo(String name, String spec) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name + "\nspec:\n" + spec;
  }

  static JsonNode entry(JsonNode obj, String manager) {
    for (JsonNode e : obj.at("/metadata/managedFields")) {
      if (e.path("manager").asText().equals(manager)) {
        return e;
      }
    }
    return null;
  }

  @Test
  @DisplayName("apply creates a missing object (201) and records an Apply manager owning what it applied")
  void applyCreates() throws Exception {
    HttpResponse<String> r = apply(FOOS + "/created", "alice", false, foo("created", "  config:\n    msg: hi\n"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode o = RestApiCrudTest.json(r);
    assertThat(o.at("/spec/image").asText()).as("defaults still apply").isEqualTo("nginx:latest");
    JsonNode e = entry(o, "alice");
    assertThat(e.path("operation").asText()).isEqualTo("Apply");
    assertThat(e.path("apiVersion").asText()).isEqualTo("hello.zeng.dev/v2");
    assertThat(e.path("fieldsType").asText()).isEqualTo("FieldsV1");
    assertThat(e.path("time").asText()).isNotEmpty();
    assertThat(e.path("fieldsV1").toString()).isEqualTo("{\"f:spec\":{\"f:config\":{\"f:msg\":{}}}}");
    HttpResponse<String> again = apply(FOOS + "/created", "alice", false, foo("created", "  config:\n    msg: hi\n"));
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(RestApiCrudTest.json(again).at("/metadata/resourceVersion").asText())
        .as("an unchanged apply writes nothing").isEqualTo(o.at("/metadata/resourceVersion").asText());
  }

  @Test
  @DisplayName("a second manager changing an owned field gets kube's 409, and force takes the field over")
  void conflictAndForce() throws Exception {
    apply(FOOS + "/contested", "alice", false, foo("contested", "  image: a:1\n  config:\n    msg: hi\n"));
    HttpResponse<String> r = apply(FOOS + "/contested", "bob", false, foo("contested", "  image: b:2\n"));
    assertThat(r.statusCode()).isEqualTo(409);
    JsonNode s = RestApiCrudTest.json(r);
    assertThat(s.path("reason").asText()).isEqualTo("Conflict");
    assertThat(s.path("message").asText()).isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.image");
    assertThat(s.at("/details/causes/0").toString())
        .isEqualTo("{\"reason\":\"FieldManagerConflict\",\"message\":\"conflict with \\\"alice\\\"\",\"field\":\".spec.image\"}");
    HttpResponse<String> same = apply(FOOS + "/contested", "bob", false, foo("contested", "  image: a:1\n"));
    assertThat(same.statusCode()).as("applying the same value shares the field").isEqualTo(200);
    HttpResponse<String> forced = apply(FOOS + "/contested", "bob", true, foo("contested", "  image: b:2\n"));
    assertThat(forced.statusCode()).isEqualTo(200);
    JsonNode o = RestApiCrudTest.json(forced);
    assertThat(o.at("/spec/image").asText()).isEqualTo("b:2");
    assertThat(entry(o, "alice").path("fieldsV1").toString()).doesNotContain("f:image");
    assertThat(entry(o, "bob").path("fieldsV1").toString()).contains("f:image");
  }

  @Test
  @DisplayName("a field the manager stops applying is removed, unless another manager owns it")
  void removal() throws Exception {
    apply(FOOS + "/shrink", "alice", false, foo("shrink", "  config:\n    msg: hi\n    msg1: extra\n"));
    JsonNode o = RestApiCrudTest.json(apply(FOOS + "/shrink", "alice", false, foo("shrink", "  config:\n    msg: hi\n")));
    assertThat(o.at("/spec/config/msg1").isMissingNode()).as(o.toString()).isTrue();
    apply(FOOS + "/shared", "alice", false, foo("shared", "  config:\n    msg: hi\n    msg1: extra\n"));
    apply(FOOS + "/shared", "bob", false, foo("shared", "  config:\n    msg1: extra\n"));
    JsonNode kept = RestApiCrudTest.json(apply(FOOS + "/shared", "alice", false, foo("shared", "  config:\n    msg: hi\n")));
    assertThat(kept.at("/spec/config/msg1").asText()).isEqualTo("extra");
  }

  @Test
  @DisplayName("an update through another verb records an Update manager, and a later apply conflicts with it")
  void updateManagers() throws Exception {
    apply(FOOS + "/mixed", "alice", false, foo("mixed", "  config:\n    msg: hi\n"));
    HttpResponse<String> p = server.send("PATCH", FOOS + "/mixed?fieldManager=kubectl-patch",
        "{\"spec\":{\"config\":{\"msg\":\"patched\"}}}", "Content-Type", "application/merge-patch+json");
    JsonNode o = RestApiCrudTest.json(p);
    JsonNode e = entry(o, "kubectl-patch");
    assertThat(e.path("operation").asText()).isEqualTo("Update");
    assertThat(e.path("fieldsV1").toString()).isEqualTo("{\"f:spec\":{\"f:config\":{\"f:msg\":{}}}}");
    assertThat(entry(o, "alice")).as("alice lost her only field").isNull();
    HttpResponse<String> r = apply(FOOS + "/mixed", "alice", false, foo("mixed", "  config:\n    msg: hi\n"));
    assertThat(RestApiCrudTest.json(r).path("message").asText())
        .isEqualTo("Apply failed with 1 conflict: conflict with \"kubectl-patch\" using hello.zeng.dev/v2: .spec.config.msg");
  }

  @Test
  @DisplayName("the manager defaults to the User-Agent prefix, and apply without fieldManager is 422 as kube words it")
  void managerNames() throws Exception {
    HttpResponse<String> c = server.send("POST", FOOS, "{\"metadata\":{\"name\":\"ua\"},\"spec\":{\"config\":{\"msg\":\"m\"}}}",
        "Content-Type", "application/json", "User-Agent", "kubectl-create/v1.32.0 (linux/amd64) kubernetes/abc");
    assertThat(entry(RestApiCrudTest.json(c), "kubectl-create")).isNotNull();
    HttpResponse<String> r = server.send("PATCH", FOOS + "/ua", foo("ua", "  image: x\n"), "Content-Type", "application/apply-patch+yaml");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(RestApiCrudTest.json(r).path("message").asText())
        .isEqualTo("PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch");
  }

  @Test
  @DisplayName("submitted managedFields: an empty list keeps them, a single empty entry clears them")
  void managedFieldsOnUpdate() throws Exception {
    apply(FOOS + "/reset", "alice", false, foo("reset", "  config:\n    msg: hi\n"));
    JsonNode kept = RestApiCrudTest.json(server.send("PATCH", FOOS + "/reset",
        "{\"metadata\":{\"managedFields\":[]}}", "Content-Type", "application/merge-patch+json"));
    assertThat(entry(kept, "alice")).isNotNull();
    JsonNode reset = RestApiCrudTest.json(server.send("PATCH", FOOS + "/reset",
        "{\"metadata\":{\"managedFields\":[{}]}}", "Content-Type", "application/merge-patch+json"));
    assertThat(reset.at("/metadata/managedFields").isMissingNode()).as(reset.toString()).isTrue();
  }

  @Test
  @DisplayName("ownership recorded through v2 is compared in v2 when another manager applies through v1")
  void acrossVersions() throws Exception {
    String v1 = "/apis/hello.zeng.dev/v1/namespaces/default/foos";
    apply(FOOS + "/versions", "alice", false, foo("versions", "  config:\n    msg: hi\n    msg1: extra\n"));
    HttpResponse<String> r = apply(v1 + "/versions", "bob", false,
        "apiVersion: hello.zeng.dev/v1\nkind: Foo\nmetadata:\n  name: versions\nspec:\n  msg: changed\n");
    assertThat(RestApiCrudTest.json(r).path("message").asText())
        .isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.config.msg");
    JsonNode o = RestApiCrudTest.json(apply(v1 + "/versions", "alice", false,
        "apiVersion: hello.zeng.dev/v1\nkind: Foo\nmetadata:\n  name: versions\nspec:\n  msg: hi\n"));
    assertThat(o.at("/spec/msg1").isMissingNode()).as("msg1, applied through v2, is no longer applied: " + o).isTrue();
    assertThat(entry(o, "alice")).isNotNull();
    assertThat(entry(o, "alice").path("apiVersion").asText()).isEqualTo("hello.zeng.dev/v1");
  }

  @Test
  @DisplayName("a write through /status records a status manager; the main resource's appliers never own status")
  void statusSubresource() throws Exception {
    apply(FOOS + "/status", "alice", false, foo("status", "  config:\n    msg: hi\n"));
    HttpResponse<String> s = server.send("PATCH", FOOS + "/status/status?fieldManager=controller",
        "{\"status\":{\"phase\":\"Ready\"}}", "Content-Type", "application/merge-patch+json");
    assertThat(s.statusCode()).as(s.body()).isEqualTo(200);
    JsonNode e = entry(RestApiCrudTest.json(s), "controller");
    assertThat(e.path("subresource").asText()).isEqualTo("status");
    assertThat(e.path("fieldsV1").toString()).isEqualTo("{\"f:status\":{\".\":{},\"f:phase\":{}}}");
    HttpResponse<String> r = apply(FOOS + "/status", "alice", false,
        foo("status", "  config:\n    msg: hi\n") + "status:\n  phase: Broken\n");
    assertThat(r.statusCode()).as("status is not the main resource's to own: " + r.body()).isEqualTo(200);
    JsonNode o = RestApiCrudTest.json(r);
    assertThat(o.at("/status/phase").asText()).isEqualTo("Ready");
    assertThat(entry(o, "alice").path("fieldsV1").toString()).doesNotContain("f:status");
  }

  @Test
  @DisplayName("Pizza toppings merge by name: each manager owns its own topping items")
  void pizzaMapList() throws Exception {
    String a = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata:\n  name: p\nspec:\n  toppings:\n"
        + "  - name: salami\n    quantity: 2\n";
    String b = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata:\n  name: p\nspec:\n  toppings:\n"
        + "  - name: cheese\n";
    assertThat(apply(PIZZAS + "/p", "alice", false, a).statusCode()).isEqualTo(201);
    JsonNode o = RestApiCrudTest.json(apply(PIZZAS + "/p", "bob", false, b));
    assertThat(o.at("/spec/toppings").toString()).contains("salami").contains("cheese");
    assertThat(entry(o, "alice").path("fieldsV1").toString())
        .isEqualTo("{\"f:spec\":{\"f:toppings\":{\"k:{\\\"name\\\":\\\"salami\\\"}\":{\".\":{},\"f:name\":{},\"f:quantity\":{}}}}}");
    String conflicting = a.replace("quantity: 2", "quantity: 3");
    HttpResponse<String> r = apply(PIZZAS + "/p", "bob", false, conflicting);
    assertThat(RestApiCrudTest.json(r).path("message").asText())
        .isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.toppings[name=\"salami\"].quantity");
  }
}
