package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.client.PemBundle;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.embedded.EmbeddedServer;
import dev.customapiserver.testing.Aggregator;
import dev.customapiserver.testing.KubeApiserverStandIn;
import dev.customapiserver.testing.TestPki;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kubectl against the kube-apiserver stand-in with its aggregator in front of the production wiring
 * (embedded), which runs as sample-apiserver does: {@code --authentication-kubeconfig}, {@code
 * --authorization-kubeconfig} and {@code --kubeconfig} at the stand-in, the front-proxy CA from its
 * {@code extension-apiserver-authentication} ConfigMap. kubectl's token never reaches the server:
 * the aggregator forwards jane's identity with the request-header scheme.
 */
@DisplayName("kubectl through the aggregator stand-in (APIService hello.zeng.dev)")
class AggregatedKubectlTest {
  static final TestPki.Ca FRONT_PROXY_CA = TestPki.ca("front-proxy-ca");
  @TempDir static Path tmp;
  static KubeApiserverStandIn cluster;
  static Aggregator aggregator;
  static EmbeddedServer server;
  static Kubectl jane;
  static Kubectl bob;

  /** kube's RBAC in short: system:discovery for the authenticated, everything on foos for jane. */
  static ObjectNode policy(JsonNode spec) {
    boolean authenticated = spec.path("groups").toString().contains("\"system:authenticated\"");
    if (spec.has("nonResourceAttributes")) {
      String path = spec.at("/nonResourceAttributes/path").asText();
      return authenticated && (path.startsWith("/api") || path.startsWith("/openapi") || path.equals("/version"))
          ? KubeApiserverStandIn.allowed() : KubeApiserverStandIn.notAllowed();
    }
    return spec.path("user").asText().equals("jane") && spec.at("/resourceAttributes/group").asText().equals("hello.zeng.dev")
        ? KubeApiserverStandIn.allowed() : KubeApiserverStandIn.notAllowed();
  }

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.token("jane-token", "jane", "devs").token("bob-token", "bob");
    cluster.policy(AggregatedKubectlTest::policy);
    cluster.namespace("default");
    cluster.authenticationConfigMap(Map.of(
        "requestheader-client-ca-file", FRONT_PROXY_CA.certificatePem(),
        "requestheader-allowed-names", "[\"front-proxy-client\"]",
        "requestheader-username-headers", "[\"X-Remote-User\"]",
        "requestheader-group-headers", "[\"X-Remote-Group\"]",
        "requestheader-uid-headers", "[\"X-Remote-Uid\"]",
        "requestheader-extra-headers-prefix", "[\"X-Remote-Extra-\"]"));
    String core = cluster.kubeconfig(tmp, "core.kubeconfig", KubeApiserverStandIn.CALLER_TOKEN).toString();
    Path data = tmp.resolve("data");
    ServerConfig config = new ServerConfig(data, 0, "127.0.0.1", OptionalInt.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000, List.of(), List.of(), Flags.with(Map.of(
            Option.AUTHENTICATION_KUBECONFIG, core, Option.AUTHORIZATION_KUBECONFIG, core, Option.KUBECONFIG, core)));
    server = EmbeddedServer.start(config);
    aggregator = cluster.aggregate(server.secureUri(), PemBundle.certificates(DataDirectory.caCertFile(data)).get(0),
        FRONT_PROXY_CA);
    aggregator.register(new Aggregator.ApiService("hello.zeng.dev", "v2", 1000, 20))
        .register(new Aggregator.ApiService("hello.zeng.dev", "v1", 1000, 15));
    Path home = Files.createDirectories(tmp.resolve("home"));
    jane = new Kubectl(kubeconfig("jane", "jane-token"), home);
    bob = new Kubectl(kubeconfig("bob", "bob-token"), Files.createDirectories(tmp.resolve("home-bob")));
  }

  static Path kubeconfig(String name, String token) throws Exception {
    String ca = Base64.getEncoder().encodeToString(cluster.ca.certificatePem().getBytes(StandardCharsets.US_ASCII));
    return Files.writeString(tmp.resolve(name + ".kubeconfig"), "apiVersion: v1\nkind: Config\nclusters:\n- name: kind\n"
        + "  cluster:\n    server: " + cluster.url() + "\n    certificate-authority-data: " + ca + "\nusers:\n- name: " + name
        + "\n  user:\n    token: " + token + "\ncontexts:\n- name: kind\n  context:\n    cluster: kind\n    user: " + name
        + "\n    namespace: default\ncurrent-context: kind\n");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  static String foo(String name, String msg) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name
        + "\nspec:\n  image: busybox:1.36\n  config:\n    msg: " + msg + "\n";
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  @Test
  @DisplayName("create, get, apply (client-side, twice) and get -w: the server sees jane through the front proxy, never her token")
  void createGetApplyWatch() throws Exception {
    ok(jane.runWithInput(foo("agg", "one"), "create", "-f", "-"));
    assertThat(ok(jane.run("get", "foo", "agg", "-o", "jsonpath={.spec.config.msg}")).out()).isEqualTo("one");
    ok(jane.runWithInput(foo("applied", "one"), "apply", "-f", "-"));
    ok(jane.runWithInput(foo("applied", "two"), "apply", "-f", "-"));
    assertThat(ok(jane.run("get", "foos.hello.zeng.dev", "applied", "-o", "jsonpath={.spec.config.msg}")).out())
        .isEqualTo("two");

    Process watch = jane.start("get", "foos", "-w", "--no-headers");
    try {
      BlockingQueue<String> lines = new LinkedBlockingQueue<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8))) {
          for (String l; (l = in.readLine()) != null; ) {
            lines.add(l);
          }
        } catch (Exception e) {
          // killed
        }
      });
      reader.setDaemon(true);
      reader.start();
      awaitLine(lines, "agg ");
      ok(jane.runWithInput(foo("watched", "one"), "create", "-f", "-"));
      awaitLine(lines, "watched ");
    } finally {
      watch.destroy();
    }
    assertThat(aggregator.proxied()).anyMatch(r -> r.path("method").asText().equals("PATCH")
        && r.path("user").path("username").asText().equals("jane"));
    assertThat(cluster.tokenReviews()).noneMatch(t -> t.at("/spec/token").asText().equals("jane-token"));
    assertThat(cluster.accessReviews()).anyMatch(a -> a.at("/spec/user").asText().equals("jane")
        && a.at("/spec/groups").toString().equals("[\"devs\",\"system:authenticated\"]")
        && a.at("/spec/resourceAttributes/verb").asText().equals("watch"));
  }

  static void awaitLine(BlockingQueue<String> lines, String prefix) throws InterruptedException {
    for (String l = lines.poll(60, TimeUnit.SECONDS); ; l = lines.poll(60, TimeUnit.SECONDS)) {
      assertThat(l).as("a watch line starting with " + prefix).isNotNull();
      if (l.startsWith(prefix)) {
        return;
      }
    }
  }

  @Test
  @DisplayName("auth can-i is answered by the cluster; bob may not create foos and the server refuses him as kube would")
  void authorization() throws Exception {
    assertThat(ok(jane.run("auth", "can-i", "create", "foos")).out().trim()).isEqualTo("yes");
    Kubectl.Result no = bob.run("auth", "can-i", "create", "foos");
    assertThat(no.out().trim()).isEqualTo("no");
    Kubectl.Result refused = bob.runWithInput(foo("bobs", "one"), "create", "-f", "-");
    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.err()).contains("foos.hello.zeng.dev is forbidden: User \"bob\" cannot create resource \"foos\" in "
        + "API group \"hello.zeng.dev\" in the namespace \"default\"");
  }

  @Test
  @DisplayName("a namespace the core cluster does not have is refused by NamespaceLifecycle, as kube refuses it")
  void namespaceOfTheCoreCluster() throws Exception {
    Kubectl.Result r = jane.runWithInput(foo("lost", "one"), "create", "-n", "nowhere", "-f", "-");
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.err()).contains("namespaces \"nowhere\" not found");
    cluster.namespace("somewhere");
    ok(jane.runWithInput(foo("found", "one"), "create", "-n", "somewhere", "-f", "-"));
  }

  @Test
  @DisplayName("kubectl explain reads the aggregated OpenAPI v3")
  void explain() throws Exception {
    assertThat(ok(jane.run("explain", "foos.spec.config")).out()).contains("msg");
  }
}
