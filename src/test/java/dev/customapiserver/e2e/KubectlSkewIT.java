package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The oldest and newest kubectl we support (1.27, which still reads OpenAPI v2 protobuf to create,
 * apply and patch, and 1.33) doing the everyday commands against {@code java -jar
 * custom-apiserver.war}, for every built-in kind. The binaries sit beside the real kubectl that
 * {@code kubectl} on PATH links to (the dispatcher itself picks 1.32, which the other ITs use).
 */
@DisplayName("kubectl version skew: 1.27 and 1.33 against the running server")
class KubectlSkewIT extends KubectlServerTest {
  static final List<String> VERSIONS = List.of("1.27", "1.33");

  /** {@code kubectl.1.27} beside the real binary behind {@code kubectl} on PATH. */
  static Kubectl kubectl(String version) throws Exception {
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

  static String foo(String name, String msg, String extra) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name
        + "\nspec:\n  image: busybox:1.36\n" + extra + "  config:\n    msg: " + msg + "\n";
  }

  @ParameterizedTest(name = "kubectl {0}")
  @ValueSource(strings = {"1.27", "1.33"})
  @DisplayName("apply, get, explain, label, patch, create namespace, delete; unknown fields refused")
  void everyday(String version) throws Exception {
    Kubectl k = kubectl(version);
    String ns = "skew-" + version.replace('.', '-');
    assertThat(ok(k.run("create", "namespace", ns)).out()).contains("namespace/" + ns + " created");
    assertThat(ok(k.runWithInput(foo("a", "one", ""), "apply", "-n", ns, "-f", "-")).out())
        .contains("foo.hello.zeng.dev/a created");
    assertThat(ok(k.runWithInput(foo("a", "two", ""), "apply", "-n", ns, "-f", "-")).out())
        .contains("foo.hello.zeng.dev/a configured");
    assertThat(ok(k.run("get", "foos", "-n", ns)).out()).contains("MSG").contains("two").contains("busybox:1.36");
    assertThat(ok(k.run("explain", "foos.spec.config")).out()).contains("msg");
    assertThat(ok(k.run("label", "foo", "a", "-n", ns, "tier=web")).out()).contains("labeled");
    ok(k.run("patch", "foo", "a", "-n", ns, "--type=merge", "-p", "{\"spec\":{\"config\":{\"msg\":\"three\"}}}"));
    assertThat(ok(k.run("get", "foos", "-n", ns, "-l", "tier=web", "-o", "jsonpath={.items[*].spec.config.msg}")).out())
        .isEqualTo("three");

    Kubectl.Result unknown = k.runWithInput(foo("b", "x", "  colour: red\n"), "apply", "-n", ns, "-f", "-");
    assertThat(unknown.exitCode()).as(unknown.toString()).isNotZero();
    assertThat(unknown.err()).contains("unknown field \"spec.colour\"");

    assertThat(ok(k.run("delete", "foo", "a", "-n", ns)).out()).contains("foo.hello.zeng.dev \"a\" deleted");
    assertThat(k.run("get", "foo", "a", "-n", ns).err()).contains("NotFound");
  }

  /** One built-in kind: a manifest with a value in it, the path that reads it, and its resource name. */
  record Kind(String resource, boolean namespaced, String manifestTemplate, String path) {
    String manifest(String name, String value) {
      return manifestTemplate.replace("NAME", name).replace("VALUE", value);
    }

    @Override
    public String toString() {
      return resource;
    }
  }

  static final List<Kind> KINDS = List.of(
      new Kind("foos", true, "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: NAME}\nspec: {config: {msg: 'VALUE'}}\n",
          "{.spec.config.msg}"),
      new Kind("flunders", true, "apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata: {name: NAME}\n"
          + "spec: {referenceType: Flunder, flunderReference: 'VALUE'}\n", "{.spec.flunderReference}"),
      new Kind("fischers", false, "apiVersion: wardle.example.com/v1alpha1\nkind: Fischer\nmetadata: {name: NAME}\n"
          + "disallowedFlunders: ['VALUE']\n", "{.disallowedFlunders[0]}"),
      new Kind("toppings", false, "apiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata: {name: NAME}\n"
          + "spec: {cost: VALUE}\n", "{.spec.cost}"),
      new Kind("pizzas", true, "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata: {name: NAME}\n"
          + "spec: {toppings: [{name: skew-cheese, quantity: VALUE}]}\n", "{.spec.toppings[0].quantity}"),
      new Kind("jenkinsservices", true, "apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\n"
          + "metadata: {name: NAME}\nspec: {instanceamount: VALUE}\n", "{.spec.instanceamount}"),
      new Kind("namespaces", false, "apiVersion: v1\nkind: Namespace\nmetadata: {name: NAME, labels: {value: 'VALUE'}}\n",
          "{.metadata.labels.value}"));

  static List<Arguments> versionsAndKinds() {
    List<Arguments> all = new ArrayList<>();
    for (String v : VERSIONS) {
      for (Kind k : KINDS) {
        all.add(Arguments.of(v, k));
      }
    }
    return all;
  }

  @ParameterizedTest(name = "kubectl {0}, {1}")
  @MethodSource("versionsAndKinds")
  @DisplayName("every built-in kind: apply, diff, apply --server-side, dry run, strategic patch, explain, delete --cascade, wait")
  void everyKind(String version, Kind kind) throws Exception {
    Kubectl k = kubectl(version);
    String suffix = version.replace(".", "");
    String ns = "kinds-" + suffix;
    ok(k.runWithInput("apiVersion: v1\nkind: Namespace\nmetadata: {name: " + ns + "}\n---\n"
        + "apiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata: {name: skew-cheese}\nspec: {cost: 1}\n",
        "apply", "-f", "-"));
    String name = "skew-" + suffix + "-" + kind.resource().substring(0, 3);
    List<String> scope = kind.namespaced() ? List.of("-n", ns) : List.of();

    assertThat(ok(k.runWithInput(kind.manifest(name, "1"), args(scope, "apply", "-f", "-"))).out()).contains(name + " created");
    Kubectl.Result diff = k.runWithInput(kind.manifest(name, "2"), args(scope, "diff", "-f", "-"));
    assertThat(diff.exitCode()).as(diff.toString()).isEqualTo(1); // 1: differences found
    assertThat(diff.out()).contains("-").contains("2");
    assertThat(ok(k.runWithInput(kind.manifest(name, "2"), args(scope, "apply", "--dry-run=server", "-f", "-"))).out())
        .contains("(server dry run)");
    assertThat(get(k, scope, kind, name)).as("a dry run stores nothing").isEqualTo("1");
    ok(k.runWithInput(kind.manifest(name, "2"), args(scope, "apply", "--server-side", "--force-conflicts", "-f", "-")));
    assertThat(get(k, scope, kind, name)).isEqualTo("2");
    assertThat(ok(k.runWithInput(kind.manifest(name, "2"), args(scope, "diff", "-f", "-"))).out()).isEmpty();
    ok(k.run(args(scope, "patch", kind.resource(), name, "-p", "{\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}")));
    assertThat(ok(k.run(args(scope, "get", kind.resource(), "-l", "patched=yes", "-o", "name"))).out()).contains(name);
    assertThat(ok(k.run("explain", kind.resource())).out()).contains("KIND:");

    assertThat(ok(k.run(args(scope, "delete", kind.resource(), name, "--cascade=foreground"))).out()).contains("deleted");
    ok(k.run(args(scope, "wait", "--for=delete", kind.resource() + "/" + name, "--timeout=60s")));
    assertThat(k.run(args(scope, "get", kind.resource(), name)).err()).contains("NotFound");
  }

  private static String get(Kubectl k, List<String> scope, Kind kind, String name) throws Exception {
    return ok(k.run(args(scope, "get", kind.resource(), name, "-o", "jsonpath=" + kind.path()))).out();
  }

  private static String[] args(List<String> scope, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(scope);
    return all.toArray(String[]::new);
  }
}
