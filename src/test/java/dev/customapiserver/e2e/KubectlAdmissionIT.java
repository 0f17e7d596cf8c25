package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What a kubectl user sees of admission and the namespace lifecycle, against {@code java -jar custom-apiserver.war}. */
@DisplayName("kubectl: admission plugins and namespaces")
class KubectlAdmissionIT extends KubectlServerTest {
  static String manifest(String name) throws Exception {
    return Files.readString(Path.of("src/test/resources/e2e", name));
  }

  @Test
  @DisplayName("BanFlunder: a Flunder named in a Fischer's disallowedFlunders is refused with kube's Forbidden wording")
  void banFlunder() throws Exception {
    ok(kubectl.runWithInput(manifest("wardle.yaml"), "apply", "-f", "-"));
    String banned = "apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata:\n  name: banned\n";
    assertThat(fails(kubectl.runWithInput(banned, "create", "-f", "-")).err()).contains("Error from server (Forbidden): "
        + "error when creating \"STDIN\": flunders.wardle.example.com \"banned\" is forbidden: this name may not be used, "
        + "please change the resource name");
    assertThat(ok(kubectl.run("get", "flunders")).out()).contains("flo").doesNotContain("banned");
  }

  @Test
  @DisplayName("a Pizza's cost is the server's: kubectl get pizzas shows Σ topping cost × quantity in COST")
  void pizzaCost() throws Exception {
    ok(kubectl.runWithInput(manifest("restaurant.yaml"), "apply", "-f", "-"));
    String out = ok(kubectl.run("get", "pizzas")).out();
    assertThat(out.lines().findFirst().orElse("")).containsPattern("NAME\\s+TOPPINGS\\s+COST\\s+AGE");
    assertThat(out).containsPattern("diavola\\s+2\\s+3(\\.0)?\\s+");
    String unknown = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata:\n  name: hawaii\nspec:\n"
        + "  toppings:\n  - name: pineapple\n";
    assertThat(fails(kubectl.runWithInput(unknown, "create", "-f", "-")).err()).contains("Error from server (Forbidden): "
        + "error when creating \"STDIN\": pizzas.restaurant.wukong.com \"hawaii\" is forbidden: unknown topping: pineapple");
  }

  @Test
  @DisplayName("JenkinsService (seed 004): ten JenkinsServices are created, the eleventh is refused in the seed's words")
  void jenkinsQuota() throws Exception {
    String ten = IntStream.range(0, 10).mapToObj(KubectlAdmissionIT::jenkins).collect(Collectors.joining("---\n"));
    ok(kubectl.runWithInput(ten, "create", "-f", "-"));
    assertThat(fails(kubectl.runWithInput(jenkins(10), "create", "-f", "-")).err()).contains("Error from server (Forbidden): "
        + "error when creating \"STDIN\": jenkinsservices.autobusi.group.cicd \"js-10\" is forbidden: "
        + "too many service instances exist, 10 exist but max is 10");
    assertThat(ok(kubectl.run("get", "js", "-A", "--no-headers")).out().lines()).hasSize(10);
  }

  static String jenkins(int i) {
    return "apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata:\n  name: js-" + i
        + "\nspec:\n  instanceamount: 1\n";
  }

  @Test
  @DisplayName("kubectl delete ns removes the namespace and everything in it, and returns once it is gone")
  void deleteNamespace() throws Exception {
    ok(kubectl.run("create", "namespace", "scratch"));
    ok(kubectl.runWithInput(manifest("foo-v2.yaml"), "create", "-n", "scratch", "-f", "-"));
    ok(kubectl.runWithInput(manifest("wardle.yaml").replace("fritz", "fritz2").replace("flo", "flo2"), "apply", "-n", "scratch",
        "-f", "-"));
    assertThat(ok(kubectl.run("delete", "namespace", "scratch", "--timeout=60s")).out()).contains("namespace \"scratch\" deleted");
    assertThat(fails(kubectl.run("get", "namespace", "scratch")).err())
        .contains("Error from server (NotFound): namespaces \"scratch\" not found");
    assertThat(ok(kubectl.run("get", "foos,flunders", "-n", "scratch")).err()).contains("No resources found in scratch namespace.");
  }

  @Test
  @DisplayName("the default namespace exists and kubectl delete ns default is Forbidden")
  void defaultNamespace() throws Exception {
    assertThat(ok(kubectl.run("get", "ns", "default")).out()).containsPattern("default\\s+Active");
    assertThat(fails(kubectl.run("delete", "ns", "default")).err())
        .contains("Error from server (Forbidden): namespaces \"default\" is forbidden: this namespace may not be deleted");
  }

  @Test
  @DisplayName("creating in a namespace that does not exist is NotFound naming the namespace")
  void missingNamespace() throws Exception {
    assertThat(fails(kubectl.runWithInput(manifest("foo-v2.yaml"), "create", "-n", "missing", "-f", "-")).err())
        .contains("Error from server (NotFound): error when creating \"STDIN\": namespaces \"missing\" not found");
  }
}
