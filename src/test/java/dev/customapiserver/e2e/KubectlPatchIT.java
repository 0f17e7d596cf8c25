package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.KubectlIT.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kubectl's strategic merge patches against the running server: {@code patch} (strategic by default),
 * client-side {@code apply} (three-way, from the last-applied annotation), {@code label} and
 * {@code edit}. Runs with the kubectl of {@code -Dkubectl=} (e.g. {@code kubectl.1.27}) as well.
 */
@DisplayName("kubectl patch, apply, label and edit through strategic merge patch")
class KubectlPatchIT {
  static final String TOPPINGS = "jsonpath={range .spec.toppings[*]}{.name}={.quantity} {end}";
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
    StringBuilder toppings = new StringBuilder();
    for (String t : new String[] {"salami", "ham", "olive", "cheese"}) {
      toppings.append("apiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata:\n  name: ").append(t)
          .append("\nspec:\n  cost: 1\n---\n");
    }
    // the PizzaToppings admission plugin refuses pizzas naming toppings that do not exist
    ok(kubectl.runWithInput(toppings.toString(), "apply", "-f", "-"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("kubectl patch without --type sends a strategic merge patch, for every built-in kind")
  void patchDefaultsToStrategic() throws Exception {
    create("apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: p-foo}\nspec: {image: busybox, config: {msg: one}}\n");
    create("apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata: {name: p-pizza}\n"
        + "spec: {toppings: [{name: salami, quantity: 2}, {name: ham}]}\n");
    create("apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata: {name: p-flunder}\n"
        + "spec: {referenceType: Fischer, fischerReference: fritz}\n");
    create("apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata: {name: p-js}\nspec: {instanceamount: 2}\n");
    create("apiVersion: v1\nkind: Namespace\nmetadata: {name: p-ns, labels: {a: '1'}}\n");

    assertThat(ok(kubectl.run("patch", "foo", "p-foo", "-p", "{\"spec\":{\"config\":{\"msg\":\"strategic\"}}}")).out())
        .contains("foo.hello.zeng.dev/p-foo patched");
    ok(kubectl.run("patch", "pizza", "p-pizza", "-p", "{\"spec\":{\"toppings\":[{\"name\":\"ham\",\"quantity\":3}]}}"));
    ok(kubectl.run("patch", "flunder", "p-flunder", "-p",
        "{\"spec\":{\"referenceType\":\"Flunder\",\"flunderReference\":\"other\",\"fischerReference\":null}}"));
    ok(kubectl.run("patch", "js", "p-js", "-p", "{\"spec\":{\"instanceamount\":3}}"));
    ok(kubectl.run("patch", "ns", "p-ns", "-p", "{\"metadata\":{\"labels\":{\"b\":\"2\"}}}"));

    assertThat(get("foo", "p-foo", "jsonpath={.spec.config.msg} {.spec.image}")).isEqualTo("strategic busybox");
    assertThat(get("pizza", "p-pizza", TOPPINGS)).as("merged by name").isEqualTo("salami=2 ham=3 ");
    assertThat(get("flunder", "p-flunder", "jsonpath={.spec.referenceType} {.spec.flunderReference}|{.spec.fischerReference}"))
        .isEqualTo("Flunder other|");
    assertThat(get("js", "p-js", "jsonpath={.spec.instanceamount}")).isEqualTo("3");
    assertThat(get("ns", "p-ns", "jsonpath={.metadata.labels}")).isEqualTo("{\"a\":\"1\",\"b\":\"2\"}");
  }

  @Test
  @DisplayName("client-side apply merges three ways: what the manifest dropped goes, what others added stays")
  void applyThreeWay() throws Exception {
    String pizza = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata:\n  name: a-pizza\n  labels: {a: '1', b: '2'}\n"
        + "spec:\n  toppings:\n  - {name: salami, quantity: 2}\n  - {name: ham, quantity: 1}\n";
    assertThat(ok(kubectl.runWithInput(pizza, "apply", "-f", "-")).out()).contains("pizza.restaurant.wukong.com/a-pizza created");
    ok(kubectl.run("patch", "pizza", "a-pizza", "-p", "{\"spec\":{\"toppings\":[{\"name\":\"olive\"}]}}"));

    String smaller = pizza.replace("  - {name: ham, quantity: 1}\n", "").replace(", b: '2'", "");
    assertThat(ok(kubectl.runWithInput(smaller, "apply", "-f", "-")).out()).contains("pizza.restaurant.wukong.com/a-pizza configured");

    // olive went first when it was patched in: a new element without $setElementOrder leads, as in Kubernetes
    assertThat(get("pizza", "a-pizza", TOPPINGS)).as("ham removed, olive kept").isEqualTo("olive=1 salami=2 ");
    assertThat(get("pizza", "a-pizza", "jsonpath={.metadata.labels}")).isEqualTo("{\"a\":\"1\"}");

    String foo = "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: a-foo}\nspec:\n  config: {msg: m, msg1: extra}\n";
    ok(kubectl.runWithInput(foo, "apply", "-f", "-"));
    ok(kubectl.runWithInput(foo.replace(", msg1: extra", ""), "apply", "-f", "-"));
    assertThat(get("foo", "a-foo", "jsonpath={.spec.config.msg}|{.spec.config.msg1}|{.spec.image}")).isEqualTo("m||nginx:latest");
  }

  @Test
  @DisplayName("kubectl label and annotate add and remove metadata")
  void labelAndAnnotate() throws Exception {
    create("apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata: {name: l-js}\nspec: {instanceamount: 1}\n");
    assertThat(ok(kubectl.run("label", "js", "l-js", "team=a", "tier=ci")).out()).contains("labeled");
    ok(kubectl.run("label", "js", "l-js", "tier-"));
    ok(kubectl.run("annotate", "js", "l-js", "note=hi"));
    assertThat(get("js", "l-js", "jsonpath={.metadata.labels} {.metadata.annotations.note}")).isEqualTo("{\"team\":\"a\"} hi");
  }

  @Test
  @DisplayName("kubectl edit saves what the EDITOR changed, for a Foo and for a Namespace")
  void edit() throws Exception {
    create("apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: e-foo}\nspec: {config: {msg: edit me}}\n");
    create("apiVersion: v1\nkind: Namespace\nmetadata: {name: e-ns, labels: {stage: before}}\n");
    Path editor = tmp.resolve("editor.sh");
    Files.writeString(editor, "#!/bin/sh\nsed -i -e 's/msg: edit me/msg: edited/' -e 's/stage: before/stage: after/' \"$1\"\n");
    Files.setPosixFilePermissions(editor, PosixFilePermissions.fromString("rwxr-xr-x"));
    Map<String, String> env = Map.of("EDITOR", editor.toString(), "KUBE_EDITOR", editor.toString());

    assertThat(ok(kubectl.runWithEnv(env, null, "edit", "foo", "e-foo")).out()).contains("foo.hello.zeng.dev/e-foo edited");
    assertThat(ok(kubectl.runWithEnv(env, null, "edit", "ns", "e-ns")).out()).contains("namespace/e-ns edited");

    assertThat(get("foo", "e-foo", "jsonpath={.spec.config.msg}")).isEqualTo("edited");
    assertThat(get("ns", "e-ns", "jsonpath={.metadata.labels.stage}")).isEqualTo("after");
  }

  @ParameterizedTest(name = "kubectl {0}")
  @ValueSource(strings = {"1.27", "1.33"})
  @DisplayName("older and newer kubectl: strategic patch, three-way apply and edit keep keyed list elements")
  void skew(String version) throws Exception {
    Kubectl k = beside(version);
    String name = "s-" + version.replace('.', '-');
    String pizza = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata: {name: " + name + "}\n"
        + "spec:\n  toppings:\n  - {name: salami, quantity: 2}\n  - {name: ham, quantity: 1}\n";
    ok(k.runWithInput(pizza, "apply", "-f", "-"));
    ok(k.run("patch", "pizza", name, "-p", "{\"spec\":{\"toppings\":[{\"name\":\"olive\"}]}}"));
    ok(k.runWithInput(pizza.replace("  - {name: ham, quantity: 1}\n", ""), "apply", "-f", "-"));
    assertThat(ok(k.run("get", "pizza", name, "-o", TOPPINGS)).out()).isEqualTo("olive=1 salami=2 ");

    ok(k.runWithInput("apiVersion: v1\nkind: Namespace\nmetadata: {name: " + name + ", labels: {stage: before}}\n",
        "create", "-f", "-"));
    Path editor = tmp.resolve("editor-" + version + ".sh");
    Files.writeString(editor, "#!/bin/sh\nsed -i 's/stage: before/stage: after/' \"$1\"\n");
    Files.setPosixFilePermissions(editor, PosixFilePermissions.fromString("rwxr-xr-x"));
    ok(k.runWithEnv(Map.of("KUBE_EDITOR", editor.toString()), null, "edit", "ns", name));
    assertThat(ok(k.run("get", "ns", name, "-o", "jsonpath={.metadata.labels.stage}")).out()).isEqualTo("after");
  }

  /** {@code kubectl.<version>} beside the real binary behind {@code kubectl} on PATH; the test is skipped without it. */
  private static Kubectl beside(String version) throws Exception {
    Path onPath = null;
    for (String dir : System.getenv("PATH").split(":")) {
      if (Files.isExecutable(Path.of(dir, "kubectl"))) {
        onPath = Path.of(dir, "kubectl").toRealPath();
        break;
      }
    }
    assumeTrue(onPath != null, "kubectl is not on PATH");
    Path binary = onPath.resolveSibling("kubectl." + version);
    assumeTrue(Files.isExecutable(binary), binary + " is not installed");
    return new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home-" + version)), binary.toString());
  }

  private static void create(String yaml) throws Exception {
    ok(kubectl.runWithInput(yaml, "create", "-f", "-"));
  }

  private static String get(String kind, String name, String output) throws Exception {
    return ok(kubectl.run("get", kind, name, "-o", output)).out();
  }
}
