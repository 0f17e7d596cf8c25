package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.KubectlServerTest.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.e2e.KubectlStorageBackendsIT.EtcdKeys;
import dev.customapiserver.e2e.KubectlStorageBackendsIT.Kv;
import dev.customapiserver.testing.EtcdCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeds' command lines against {@code java -jar custom-apiserver.war} on a real etcd. Seed 000's
 * lab, as its text runs it: {@code java -jar custom-apiserver.war} with the lab's command
 * line (free ports instead of 8443/6080, a real etcd), then real {@code curl}: the admin's PKCS#12
 * client certificate under {@code --file-rootpath}, discovery over HTTPS without credentials, and
 * plain HTTP without credentials (the local administrator of {@code --authn-allow-localhost}),
 * including a PUT without resourceVersion ({@code --unrestricted-update}). Seed 001's {@code
 * --enable-etcd-storage=true} and seed 002's {@code --etcd-servers} alone, driven by kubectl; a storage
 * flag the chosen backend does not use stops the start.
 */
@DisplayName("the seeds' command lines against java -jar on etcd: seed 000's lab with curl, seeds 001 and 002 with kubectl")
class SeedCommandLinesIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PIZZAS = "/apis/restaurant.wukong.com/v1alpha1/pizzas";

  @TempDir Path tmp;

  record Curl(int exitCode, int status, String body, String err) {}

  /** {@code curl -s -w '\n%{http_code}' args...}: the body, then the status on the last line. */
  private Curl curl(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("curl", "-s", "-S", "--max-time", "60", "-w", "\n%{http_code}"));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(tmp, "curl", ".out");
    Path err = Files.createTempFile(tmp, "curl", ".err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("curl finished").isTrue();
    String text = Files.readString(out, StandardCharsets.UTF_8);
    int nl = text.lastIndexOf('\n');
    int status = nl < 0 ? 0 : Integer.parseInt(text.substring(nl + 1).trim());
    return new Curl(p.exitValue(), status, nl < 0 ? text : text.substring(0, nl), Files.readString(err));
  }

  @Test
  @DisplayName("--backend=etcd ... --authn-allow-localhost=true: curl with client.p12, curl --insecure /apis, plain-HTTP curl without credentials")
  void lab() throws Exception {
    assumeTrue(Files.isExecutable(EtcdCluster.BIN), "no etcd binary at " + EtcdCluster.BIN + " (Debian package etcd-server)");
    assumeTrue(new ProcessBuilder("curl", "--version").start().waitFor() == 0, "no curl on PATH");
    Path root = tmp.resolve("custom-apiserver");
    Path tokens = Files.createDirectories(tmp.resolve("configs")).resolve("token.csv");
    Files.writeString(tokens, "lab-token,lab-user,1001,\"system:masters\"\n");
    try (EtcdCluster etcd = EtcdCluster.start(1);
        ServerProcess server = ServerProcess.start(root, "--port", "0",
            "--backend=etcd", "--etcd-servers=" + etcd.endpoints().get(0), "--file-rootpath=" + root,
            "--request-timeout=60m", "--token-auth-file=" + tokens, "--unrestricted-update=true",
            "--kubectl-disabled=false", "--kubectl-ephemeral-token=false", "--authn-allow-localhost=true")) {
      assertThat(server.log()).contains("WARNING").contains("--authn-allow-localhost=true");
      String https = "https://127.0.0.1:" + server.url().getPort();
      String http = "http://127.0.0.1:" + server.plainUrl().getPort();
      Path p12 = root.resolve("cert/client.p12");
      assertThat(p12).exists();

      // plain HTTP without credentials: the local administrator creates a topping and a pizza
      Curl topping = curl("-XPOST", "-H", "Content-Type: application/json", http + "/apis/restaurant.wukong.com/v1alpha1/toppings",
          "-d", "{\"apiVersion\":\"restaurant.wukong.com/v1alpha1\",\"kind\":\"Topping\",\"metadata\":{\"name\":\"salami\"},"
              + "\"spec\":{\"cost\":1.5}}");
      assertThat(topping.status()).as(topping.body()).isEqualTo(201);
      Curl pizza = curl("-XPOST", "-H", "Content-Type: application/json",
          http + "/apis/restaurant.wukong.com/v1alpha1/namespaces/default/pizzas", "-d",
          "{\"apiVersion\":\"restaurant.wukong.com/v1alpha1\",\"kind\":\"Pizza\",\"metadata\":{\"name\":\"salami\"},"
              + "\"spec\":{\"toppings\":[\"salami\",\"salami\"]}}");
      assertThat(pizza.status()).as(pizza.body()).isEqualTo(201);
      Curl get = curl("-XGET", http + PIZZAS);
      assertThat(get.status()).isEqualTo(200);
      assertThat(JSON.readTree(get.body()).at("/items/0/metadata/name").asText()).isEqualTo("salami");

      // --unrestricted-update: a PUT without metadata.resourceVersion replaces the pizza
      Curl put = curl("-XPUT", "-H", "Content-Type: application/json",
          http + "/apis/restaurant.wukong.com/v1alpha1/namespaces/default/pizzas/salami", "-d",
          "{\"apiVersion\":\"restaurant.wukong.com/v1alpha1\",\"kind\":\"Pizza\",\"metadata\":{\"name\":\"salami\"},"
              + "\"spec\":{\"toppings\":[\"salami\"]}}");
      assertThat(put.status()).as(put.body()).isEqualTo(200);
      assertThat(JSON.readTree(put.body()).at("/status/cost").asDouble()).isEqualTo(1.5);

      // the seed's curl line with the admin's PKCS#12 certificate (curl needs --cert-type P12 for it)
      Curl withCert = curl("-k", "--cert", p12 + ":P@ssw0rd", "--cert-type", "P12", https + PIZZAS);
      assertThat(withCert.status()).as(withCert.err() + withCert.body()).isEqualTo(200);
      JsonNode list = JSON.readTree(withCert.body());
      assertThat(list.path("kind").asText()).isEqualTo("PizzaList");
      assertThat(list.at("/items/0/spec/toppings").toString()).isEqualTo("[\"salami\"]");
      Curl review = curl("-k", "--cert", p12 + ":P@ssw0rd", "--cert-type", "P12", "-XPOST", "-H",
          "Content-Type: application/json", https + "/apis/authentication.k8s.io/v1/selfsubjectreviews", "-d",
          "{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"SelfSubjectReview\"}");
      assertThat(JSON.readTree(review.body()).at("/status/userInfo/username").asText()).as(review.body()).isEqualTo("admin");
      assertThat(curl("-k", "--cert", p12 + ":wrong", "--cert-type", "P12", https + PIZZAS).exitCode())
          .as("a wrong password: curl cannot read the file").isNotZero();

      // curl --insecure https://.../apis: discovery lists the lab's group
      Curl apis = curl("--insecure", https + "/apis");
      assertThat(apis.status()).isEqualTo(200);
      assertThat(apis.body()).contains("\"restaurant.wukong.com\"");

      // --token-auth-file still works, and kubectl reads the kubeconfig the server wrote
      assertThat(curl("-k", "-H", "Authorization: Bearer lab-token", https + PIZZAS).status()).isEqualTo(200);
      Kubectl kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
      assertThat(ok(kubectl.run("get", "pizzas.restaurant.wukong.com", "-n", "default", "-o", "name")).out())
          .isEqualTo("pizza.restaurant.wukong.com/salami\n");

      // --backend=etcd: the objects are in etcd, under kube's key layout
      assertThat(new EtcdKeys(etcd.endpoints().get(0)).range("/registry/restaurant.wukong.com/pizzas/"))
          .extracting(Kv::key).containsExactly("/registry/restaurant.wukong.com/pizzas/default/salami");
    }
  }

  private static final String FOO = "apiVersion: hello.zeng.dev/v1\nkind: Foo\nmetadata:\n  name: myfoo\n  namespace: default\n"
      + "spec:\n  msg: hello\n";

  @Test
  @DisplayName("seed 001: --enable-etcd-storage=true --etcd-servers=...: kubectl's Foo is in etcd")
  void seed001() throws Exception {
    assumeTrue(Files.isExecutable(EtcdCluster.BIN), "no etcd binary at " + EtcdCluster.BIN);
    try (EtcdCluster etcd = EtcdCluster.start(1);
        ServerProcess server = ServerProcess.start(tmp.resolve("data"), "--enable-etcd-storage=true",
            "--etcd-servers=" + etcd.endpoints().get(0))) {
      Kubectl kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
      assertThat(ok(kubectl.runWithInput(FOO, "create", "-f", "-")).out()).contains("foo.hello.zeng.dev/myfoo created");
      assertThat(new EtcdKeys(etcd.endpoints().get(0)).range("/registry/hello.zeng.dev/foos/")).extracting(Kv::key)
          .containsExactly("/registry/hello.zeng.dev/foos/default/myfoo");
    }
  }

  @Test
  @DisplayName("seed 002: the Deployment's --etcd-servers alone chooses etcd; kubectl applies the book's restaurant")
  void seed002() throws Exception {
    assumeTrue(Files.isExecutable(EtcdCluster.BIN), "no etcd binary at " + EtcdCluster.BIN);
    try (EtcdCluster etcd = EtcdCluster.start(1);
        ServerProcess server = ServerProcess.start(tmp.resolve("data"), "--etcd-servers=" + etcd.endpoints().get(0))) {
      Kubectl kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
      ok(kubectl.runWithInput(KubectlAdmissionIT.manifest("seed002/restaurant.yaml"), "apply", "-f", "-"));
      assertThat(ok(kubectl.run("get", "pizzas.restaurant.programming-kubernetes.info", "-o", "name")).out())
          .contains("margherita");
      assertThat(new EtcdKeys(etcd.endpoints().get(0)).range("/registry/restaurant.wukong.com/pizzas/")).extracting(Kv::key)
          .contains("/registry/restaurant.wukong.com/pizzas/default/margherita");
      assertThat(server.dataDir()).isDirectoryNotContaining(p -> p.getFileName().toString().endsWith(".mv.db"));
    }
  }

  @Test
  @DisplayName("a storage flag the chosen backend does not use stops java -jar with exit code 2 and says which")
  void unusedStorageFlag() throws Exception {
    ServerProcess.Finished run = ServerProcess.run(Path.of(System.getProperty("apiserver.war", "target/custom-apiserver.war")),
        Files.createDirectories(tmp.resolve("work")), "--data-dir", tmp.resolve("data").toString(),
        "--etcd-servers=http://127.0.0.1:2379", "--storage-url=jdbc:h2:mem:x");
    assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
    assertThat(run.output()).contains("Error: --storage-url is not used by the etcd3 storage backend (chosen by --etcd-servers)");
  }
}
