package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The oldest and newest kubectl we support (1.27, which still needs OpenAPI v2 protobuf to create
 * and apply, and 1.33) doing the everyday commands against {@code java -jar custom-apiserver.war}.
 * The binaries sit beside the real kubectl that {@code kubectl} on PATH links to.
 */
@DisplayName("kubectl version skew: 1.27 and 1.33 against the running server")
class KubectlSkewIT {
  @TempDir static Path tmp;
  static ServerProcess server;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

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

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
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
}
