package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What a reader following the seed articles sees with kubectl: seed 004's JenkinsService manifests
 * without the optional fields, and seed 002's {@code restaurant.programming-kubernetes.info} group
 * serving the same Pizzas and Toppings as {@code restaurant.wukong.com} (resource cohabitation).
 */
@DisplayName("kubectl: the seeds' own manifests and groups")
class KubectlSeedsIT extends KubectlServerTest {
  static final String PK = "restaurant.programming-kubernetes.info";
  static final String WUKONG = "restaurant.wukong.com";

  static String get(String resource, String name, String jsonpath) throws Exception {
    return ok(kubectl.run("get", resource, name, "-o", "jsonpath=" + jsonpath)).out();
  }

  @Test
  @DisplayName("seed 004: a JenkinsService without instanceamount and instancecpu is accepted; given values are still range-checked")
  void jenkinsOptionalFields() throws Exception {
    String article = "apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata:\n  name: from-article\nspec: {}\n";
    assertThat(ok(kubectl.runWithInput(article, "create", "-f", "-")).out())
        .contains("jenkinsservice.autobusi.group.cicd/from-article created");
    assertThat(get("js", "from-article", "{.spec.instanceamount}|{.spec.instancecpu}|{.status.approvalstatus}"))
        .isEqualTo("|1|Pending");
    String bare = "apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata:\n  name: bare\n";
    ok(kubectl.runWithInput(bare, "create", "-f", "-"));
    String tooMany = "apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata:\n  name: big\nspec:\n"
        + "  instanceamount: 11\n";
    assertThat(fails(kubectl.runWithInput(tooMany, "create", "-f", "-")).err())
        .contains("The JenkinsService \"big\" is invalid: spec.instanceamount: Invalid value: 11: must be less than or equal to 10");
  }

  @Test
  @DisplayName("seed 002: the book's manifests apply through restaurant.programming-kubernetes.info and are the same objects through restaurant.wukong.com")
  void cohabitation() throws Exception {
    ok(kubectl.runWithInput(KubectlAdmissionIT.manifest("seed002/restaurant.yaml"), "apply", "-f", "-"));
    String same = "{.metadata.uid} {.metadata.resourceVersion} {.status.cost}";
    String viaPk = get("pizzas." + PK, "margherita", same);
    assertThat(viaPk).matches("\\S+ \\d+ 1\\.5");
    assertThat(get("pizzas." + WUKONG, "margherita", same)).isEqualTo(viaPk);
    assertThat(get("pizzas." + PK, "margherita", "{.apiVersion}")).isEqualTo(PK + "/v1beta1");
    assertThat(get("pizzas." + WUKONG, "margherita", "{.spec.toppings[*].name}")).isEqualTo("mozzarella tomato");
    assertThat(get("toppings." + WUKONG, "tomato", "{.metadata.uid}")).isEqualTo(get("toppings." + PK, "tomato", "{.metadata.uid}"));

    ok(kubectl.run("label", "pizzas." + WUKONG, "margherita", "oven=stone"));
    assertThat(get("pizzas." + PK, "margherita", "{.metadata.labels.oven} {.metadata.resourceVersion}"))
        .isEqualTo(get("pizzas." + WUKONG, "margherita", "{.metadata.labels.oven} {.metadata.resourceVersion}"));

    ok(kubectl.run("delete", "pizzas." + PK, "margherita"));
    assertThat(fails(kubectl.run("get", "pizzas." + WUKONG, "margherita")).err())
        .contains("Error from server (NotFound): pizzas.restaurant.wukong.com \"margherita\" not found");
  }

  @Test
  @DisplayName("seed 002: discovery lists the group (Pizza in v1beta1 and v1alpha1, Topping in v1alpha1) and kubectl explain reads its OpenAPI")
  void discoveryAndOpenApi() throws Exception {
    String resources = ok(kubectl.run("api-resources", "--api-group=" + PK, "--no-headers")).out();
    assertThat(resources).containsPattern("pizzas\\s+" + PK.replace(".", "\\.") + "/v1beta1\\s+true\\s+Pizza")
        .containsPattern("toppings\\s+" + PK.replace(".", "\\.") + "/v1alpha1\\s+false\\s+Topping");
    assertThat(ok(kubectl.run("api-versions")).out().lines()).contains(PK + "/v1alpha1", PK + "/v1beta1", WUKONG + "/v1beta1");
    assertThat(ok(kubectl.run("explain", "pizzas.spec.toppings", "--api-version=" + PK + "/v1alpha1")).out())
        .contains("GROUP:      " + PK).contains("VERSION:    v1alpha1").contains("[]string");
    assertThat(ok(kubectl.run("explain", "pizzas.spec.toppings", "--api-version=" + PK + "/v1beta1")).out())
        .contains("quantity");
    assertThat(ok(kubectl.run("get", "pizzas")).err()).as("plain `pizzas` is still restaurant.wukong.com's")
        .contains("No resources found in default namespace.");
  }

  @Test
  @DisplayName("seed 002: PizzaToppings guards Pizzas created or updated through restaurant.programming-kubernetes.info too")
  void admissionThroughEitherGroup() throws Exception {
    ok(kubectl.run("create", "namespace", "kitchen"));
    String hawaii = "apiVersion: " + PK + "/v1alpha1\nkind: Pizza\nmetadata:\n  name: hawaii\n  namespace: kitchen\nspec:\n"
        + "  toppings:\n  - pineapple\n";
    assertThat(fails(kubectl.runWithInput(hawaii, "create", "-f", "-")).err()).contains("Error from server (Forbidden): "
        + "error when creating \"STDIN\": pizzas." + PK + " \"hawaii\" is forbidden: unknown topping: pineapple");
    String basil = "apiVersion: " + PK + "/v1alpha1\nkind: Topping\nmetadata:\n  name: basil\nspec:\n  cost: 0.25\n---\n"
        + "apiVersion: " + PK + "/v1alpha1\nkind: Pizza\nmetadata:\n  name: verde\n  namespace: kitchen\nspec:\n"
        + "  toppings:\n  - basil\n  - basil\n";
    ok(kubectl.runWithInput(basil, "create", "-f", "-"));
    assertThat(ok(kubectl.run("get", "pizzas." + PK, "verde", "-n", "kitchen", "-o", "jsonpath={.status.cost}")).out())
        .as("priced from the Toppings, as through restaurant.wukong.com").isEqualTo("0.5");
    assertThat(fails(kubectl.run("patch", "pizzas." + PK, "verde", "-n", "kitchen", "--type=merge",
        "-p", "{\"spec\":{\"toppings\":[{\"name\":\"pineapple\"}]}}")).err())
        .contains("Error from server (Forbidden): pizzas." + PK + " \"verde\" is forbidden: unknown topping: pineapple");
  }

  @Test
  @DisplayName("seed 002: a watch through one group sees the writes made through the other, with the same resourceVersion")
  void watchAcrossGroups() throws Exception {
    ok(kubectl.run("create", "namespace", "watching"));
    Process watch = kubectl.start("get", "pizzas." + PK, "-n", "watching", "-w", "--output-watch-events",
        "-o", "custom-columns=EVENT:.type,NAME:.object.metadata.name,RV:.object.metadata.resourceVersion", "--no-headers");
    try {
      BlockingQueue<String> q = KubectlWatchIT.lines(watch);
      String plain = "apiVersion: " + WUKONG + "/v1beta1\nkind: Pizza\nmetadata:\n  name: plain\n  namespace: watching\n";
      ok(kubectl.runWithInput(plain, "create", "-f", "-"));
      String rv = ok(kubectl.run("get", "pizzas." + WUKONG, "plain", "-n", "watching", "-o",
          "jsonpath={.metadata.resourceVersion}")).out();
      assertThat(KubectlWatchIT.nextLine(q)).containsPattern("ADDED\\s+plain\\s+" + rv);
    } finally {
      watch.destroy();
      watch.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
