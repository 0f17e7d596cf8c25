package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.KubectlIT.fails;
import static dev.customapiserver.e2e.KubectlIT.manifest;
import static dev.customapiserver.e2e.KubectlIT.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Subresources and the /wukong/ endpoints as a user meets them: kubectl and plain HTTPS against {@code java -jar}. */
@DisplayName("Subresources and extension endpoints against the running server")
class KubectlSubresourcesIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;
  static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("kubectl patch --subresource=status sets the status; get --subresource=status shows it; spec edits through status are ignored")
  void status() throws Exception {
    ok(kubectl.runWithInput(manifest("foo-v2.yaml").replace("name: hello", "name: st"), "create", "-f", "-"));
    assertThat(ok(kubectl.run("patch", "foo", "st", "--subresource=status", "--type=merge", "-p",
        "{\"status\":{\"phase\":\"Running\"},\"spec\":{\"image\":\"ignored\"}}")).out()).contains("foo.hello.zeng.dev/st patched");
    assertThat(ok(kubectl.run("get", "foo", "st", "--subresource=status", "-o", "jsonpath={.status.phase}")).out())
        .isEqualTo("Running");
    assertThat(ok(kubectl.run("get", "foo", "st", "-o", "jsonpath={.spec.image}")).out()).isEqualTo("busybox:1.36");
    assertThat(ok(kubectl.run("get", "foo", "st", "--subresource=status")).out()).contains("st");
    ok(kubectl.run("patch", "foo", "st", "--type=merge", "-p", "{\"status\":{\"phase\":\"Hacked\"}}"));
    assertThat(ok(kubectl.run("get", "foo", "st", "-o", "jsonpath={.status.phase}")).out()).isEqualTo("Running");
    JsonNode discovery = JSON.readTree(ok(kubectl.run("get", "--raw", "/apis/hello.zeng.dev/v2")).out());
    assertThat(discovery.get("resources").findValuesAsText("name")).contains("foos", "foos/status");
  }

  @Test
  @DisplayName("kubectl scale sets a JenkinsService's instanceamount; out of range is refused with the field")
  void scale() throws Exception {
    ok(kubectl.runWithInput(manifest("jenkins.yaml").replace("name: ci", "name: sc"), "create", "-f", "-"));
    assertThat(ok(kubectl.run("scale", "js/sc", "--replicas=3")).out()).contains("jenkinsservice.autobusi.group.cicd/sc scaled");
    assertThat(ok(kubectl.run("get", "js", "sc", "-o", "jsonpath={.spec.instanceamount}")).out()).isEqualTo("3");
    assertThat(ok(kubectl.run("get", "js", "sc", "--subresource=scale", "-o", "jsonpath={.spec.replicas}")).out()).isEqualTo("3");
    assertThat(fails(kubectl.run("scale", "js/sc", "--replicas=11")).err()).contains("is invalid", "spec.instanceamount");
    assertThat(ok(kubectl.run("scale", "js/sc", "--current-replicas=3", "--replicas=5")).out()).contains("scaled");
    assertThat(fails(kubectl.run("scale", "js/sc", "--current-replicas=3", "--replicas=6")).err())
        .contains("Expected replicas to be 3, was 5");
    assertThat(ok(kubectl.run("get", "js", "sc", "-o", "jsonpath={.spec.instanceamount}")).out()).isEqualTo("5");
  }

  @Test
  @DisplayName("kubectl get --raw .../jenkinsservices/x/log prints the generated log; a missing one is NotFound")
  void log() throws Exception {
    ok(kubectl.runWithInput(manifest("jenkins.yaml").replace("name: ci", "name: lg"), "create", "-f", "-"));
    ok(kubectl.run("patch", "js", "lg", "--subresource=status", "--type=merge", "-p",
        "{\"status\":{\"instances\":[{\"cpu\":1,\"running\":true},{\"cpu\":1,\"running\":true}]}}"));
    String base = "/apis/autobusi.group.cicd/v1alpha/namespaces/default/jenkinsservices/";
    assertThat(ok(kubectl.run("get", "--raw", base + "lg/log")).out().lines().toList()).containsExactly(
        "jenkinsservice default/lg: 2 instance(s) of 1 CPU requested, approval Pending",
        "instance 0: cpu=1 running", "instance 1: cpu=1 running");
    assertThat(fails(kubectl.run("get", "--raw", base + "nope/log")).err()).contains("NotFound");
  }

  @Test
  @DisplayName("/wukong/ orders a pizza and shows the menu over HTTPS with the admin token; without a token it is 403 for system:anonymous")
  void wukong() throws Exception {
    ok(kubectl.runWithInput(manifest("restaurant.yaml"), "apply", "-f", "-"));
    assertThat(server.get("/wukong/menu", null).statusCode()).isEqualTo(403);
    HttpResponse<String> menu = server.get("/wukong/menu", server.token());
    assertThat(menu.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(menu.body()).get("toppings").findValuesAsText("name")).contains("salami");
    HttpResponse<String> order = server.send("POST", "/wukong/pizzas/default",
        "{\"name\":\"margherita\",\"toppings\":[\"salami\",\"salami\"]}", "application/json");
    assertThat(order.statusCode()).as(order.body()).isEqualTo(201);
    assertThat(JSON.readTree(order.body()).get("name").asText()).isEqualTo("margherita");
    assertThat(JSON.readTree(order.body()).get("cost").asDouble()).as("2 × salami at 1.5").isEqualTo(3.0);
    HttpResponse<String> unknown = server.send("POST", "/wukong/pizzas/default",
        "{\"name\":\"hawaii\",\"toppings\":[\"pineapple\"]}", "application/json");
    assertThat(unknown.statusCode()).as("admission applies to orders too").isEqualTo(403);
    assertThat(JSON.readTree(unknown.body()).get("message").asText())
        .isEqualTo("pizzas.restaurant.wukong.com \"hawaii\" is forbidden: unknown topping: pineapple");
    assertThat(ok(kubectl.run("get", "pizza", "margherita", "-o", "jsonpath={.spec.toppings[0].quantity}")).out()).isEqualTo("2");
    HttpResponse<String> again = server.send("POST", "/wukong/pizzas/default",
        "{\"name\":\"margherita\",\"toppings\":[\"salami\"]}", "application/json");
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(JSON.readTree(again.body()).get("reason").asText()).isEqualTo("AlreadyExists");
  }
}
