package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.AuthenticationV1TokenRequest;
import io.kubernetes.client.openapi.models.V1TokenRequestSpec;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.Config;
import io.kubernetes.client.util.KubeConfig;
import java.io.Reader;
import java.util.Base64;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The control-plane kinds as a kubectl user meets them, against {@code java -jar}. */
@DisplayName("kubectl and the control-plane APIs (ConfigMaps, Secrets, Leases, ServiceAccounts, get all, ApplySet prune)")
class KubectlControlPlaneIT extends KubectlServerTest {

  static String decoded(String b64) {
    return new String(Base64.getDecoder().decode(b64), java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("kubectl create configmap from literals and files (sent as protobuf), get, immutable")
  void configMaps() throws Exception {
    Path file = Files.writeString(tmp.resolve("app.properties"), "color=blue\n");
    assertThat(ok(kubectl.run("create", "configmap", "app", "--from-literal=mode=fast", "--from-file=" + file)).out())
        .contains("configmap/app created");
    assertThat(ok(kubectl.run("get", "cm", "app", "-o", "jsonpath={.data.mode}/{.data.app\\.properties}")).out())
        .isEqualTo("fast/color=blue\n");
    assertThat(ok(kubectl.run("get", "configmaps")).out()).containsPattern("app\\s+2\\s+");
    fails(kubectl.run("create", "configmap", "app", "--from-literal=a=b"));

    ok(kubectl.runWithInput("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: frozen}\nimmutable: true\ndata: {a: '1'}\n",
        "apply", "-f", "-"));
    Kubectl.Result r = fails(kubectl.run("patch", "cm", "frozen", "--type=merge", "-p", "{\"data\":{\"a\":\"2\"}}"));
    assertThat(r.err()).contains("ConfigMap \"frozen\" is invalid: data: Forbidden: field is immutable when `immutable` is set");
  }

  @Test
  @DisplayName("kubectl create secret generic, tls and docker-registry; typed secrets refuse missing keys")
  void secrets() throws Exception {
    assertThat(ok(kubectl.run("create", "secret", "generic", "db", "--from-literal=password=s3cr3t")).out())
        .contains("secret/db created");
    assertThat(decoded(ok(kubectl.run("get", "secret", "db", "-o", "jsonpath={.data.password}")).out())).isEqualTo("s3cr3t");
    assertThat(ok(kubectl.run("get", "secrets", "db")).out()).containsPattern("db\\s+Opaque\\s+1\\s+");

    Path cert;
    Path key;
    try (Stream<Path> files = Files.walk(server.dataDir())) {
      Path dir = files.filter(p -> p.getFileName().toString().equals("apiserver.crt")).findFirst().orElseThrow().getParent();
      cert = dir.resolve("apiserver.crt");
      key = dir.resolve("apiserver.key");
    }
    ok(kubectl.run("create", "secret", "tls", "web", "--cert=" + cert, "--key=" + key));
    assertThat(ok(kubectl.run("get", "secret", "web", "-o", "jsonpath={.type}")).out()).isEqualTo("kubernetes.io/tls");

    ok(kubectl.run("create", "secret", "docker-registry", "pull", "--docker-server=registry.example.com",
        "--docker-username=u", "--docker-password=p"));
    assertThat(decoded(ok(kubectl.run("get", "secret", "pull", "-o", "jsonpath={.data.\\.dockerconfigjson}")).out()))
        .contains("registry.example.com");

    Kubectl.Result r = fails(kubectl.runWithInput("apiVersion: v1\nkind: Secret\nmetadata: {name: half}\ntype: kubernetes.io/tls\n"
        + "stringData: {tls.crt: x}\n", "apply", "-f", "-"));
    assertThat(r.err()).contains("Secret \"half\" is invalid: data[tls.key]: Required value");
    assertThat(ok(kubectl.run("get", "secrets", "--field-selector=type=kubernetes.io/tls", "-o", "name")).out().strip())
        .isEqualTo("secret/web");
  }

  @Test
  @DisplayName("kubectl get leases shows the holder")
  void leases() throws Exception {
    ok(kubectl.runWithInput("apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: lock}\n"
        + "spec: {holderIdentity: me, leaseDurationSeconds: 15}\n", "apply", "-f", "-"));
    assertThat(ok(kubectl.run("get", "leases")).out()).containsPattern("lock\\s+me\\s+");
    Kubectl.Result r = fails(kubectl.runWithInput("apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: bad}\n"
        + "spec: {leaseDurationSeconds: 0}\n", "apply", "-f", "-"));
    assertThat(r.err()).contains("The Lease \"bad\" is invalid: spec.leaseDurationSeconds: Invalid value: 0: "
        + "must be greater than 0");
  }

  @Test
  @DisplayName("kubectl create serviceaccount and create token; the token works for kubectl until the account is deleted")
  void serviceAccountTokensWithKubectl() throws Exception {
    assertThat(ok(kubectl.run("create", "serviceaccount", "robot")).out()).contains("serviceaccount/robot created");
    assertThat(ok(kubectl.run("get", "sa")).out()).containsPattern("robot\\s+0\\s+");
    String token = ok(kubectl.run("create", "token", "robot", "--duration=20m")).out().strip();
    assertThat(kubectl.run("--token=" + token, "get", "configmaps", "-o", "name").err())
        .as("RBAC: a new service account may do nothing").contains("User \"system:serviceaccount:default:robot\" cannot list");
    ok(kubectl.run("create", "rolebinding", "robot-view", "--clusterrole=view", "--serviceaccount=default:robot"));
    assertThat(ok(kubectl.run("--token=" + token, "get", "configmaps", "-o", "name")).exitCode()).isZero();
    assertThat(ok(kubectl.run("--token=" + token, "get", "--raw", "/.well-known/openid-configuration")).out())
        .contains("\"issuer\":\"https://kubernetes.default.svc.cluster.local\"").contains("/openid/v1/jwks");
    assertThat(ok(kubectl.run("get", "--raw", "/openid/v1/jwks")).out()).contains("\"alg\":\"RS256\"").contains("\"kid\"");
    String claims = decoded(token.split("\\.")[1].replace('-', '+').replace('_', '/') + "==".substring(0, (4 - token.split("\\.")[1].length() % 4) % 4));
    assertThat(claims).as("aud is an array, also with one audience").contains("\"aud\":[\"https://kubernetes.default.svc.cluster.local\"]");
    String foreign = ok(kubectl.run("create", "token", "robot", "--audience=other")).out().strip();
    assertThat(fails(kubectl.run("--token=" + foreign, "get", "configmaps")).err())
        .as("a token for another audience than --api-audiences (default: the issuer)").contains("Unauthorized");
    Kubectl.Result tooShort = fails(kubectl.run("create", "token", "robot", "--duration=1m"));
    assertThat(tooShort.err()).contains("may not specify a duration less than 10 minutes");

    ok(kubectl.run("delete", "sa", "robot"));
    Kubectl.Result refused = fails(kubectl.run("--token=" + token, "get", "configmaps"));
    assertThat(refused.err()).contains("Unauthorized");
    assertThat(fails(kubectl.run("create", "token", "robot")).err()).contains("serviceaccounts \"robot\" not found");
  }

  @Test
  @DisplayName("the official Java client asks for a token and authenticates with it")
  void serviceAccountTokensWithJavaClient() throws Exception {
    ok(kubectl.run("create", "serviceaccount", "java-bot"));
    ApiClient admin;
    try (Reader r = Files.newBufferedReader(server.kubeconfig())) {
      admin = ClientBuilder.kubeconfig(KubeConfig.loadKubeConfig(r)).build();
    }
    AuthenticationV1TokenRequest answer = new CoreV1Api(admin).createNamespacedServiceAccountToken("java-bot", "default",
        new AuthenticationV1TokenRequest().spec(new V1TokenRequestSpec().expirationSeconds(3600L))).execute();
    String token = answer.getStatus().getToken();
    assertThat(answer.getStatus().getExpirationTimestamp()).isNotNull();

    ok(kubectl.run("create", "role", "sa-reader", "--verb=list", "--resource=serviceaccounts"));
    ok(kubectl.run("create", "rolebinding", "java-bot-reads", "--role=sa-reader", "--serviceaccount=default:java-bot"));
    ApiClient bot = Config.fromToken(server.url().toString(), token, false);
    assertThat(new CoreV1Api(bot).listNamespacedServiceAccount("default").execute().getItems())
        .extracting(sa -> sa.getMetadata().getName()).contains("java-bot");
    ok(kubectl.run("delete", "sa", "java-bot"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CoreV1Api(bot).listNamespacedServiceAccount("default").execute())
        .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getCode()).isEqualTo(401));
  }

  @Test
  @DisplayName("kubectl get all lists the seed kinds in the all category")
  void getAll() throws Exception {
    ok(kubectl.runWithInput("apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: listed}\nspec: {config: {msg: hi}}\n",
        "apply", "-f", "-"));
    assertThat(ok(kubectl.run("get", "all")).out()).contains("foo.hello.zeng.dev/listed");
  }

  @Test
  @DisplayName("kubectl apply --prune --applyset=configmap/<name> prunes a Foo removed from the set; plain --prune needs an allowlist")
  void applySetPrune() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("applyset"));
    String keep = "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: keep, namespace: default}\nspec: {config: {msg: a}}\n";
    String gone = "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: gone, namespace: default}\nspec: {config: {msg: b}}\n";
    Map<String, String> env = Map.of("KUBECTL_APPLYSET", "true");
    Files.writeString(dir.resolve("foos.yaml"), keep + "---\n" + gone);
    ok(kubectl.runWithEnv(env, null, "apply", "-n", "default", "-f", dir.toString(), "--prune", "--applyset=configmap/myset"));
    assertThat(ok(kubectl.run("get", "cm", "myset", "-o", "jsonpath={.metadata.annotations.applyset\\.kubernetes\\.io/contains-group-kinds}"))
        .out()).isEqualTo("Foo.hello.zeng.dev");
    Files.writeString(dir.resolve("foos.yaml"), keep);
    assertThat(ok(kubectl.runWithEnv(env, null, "apply", "-n", "default", "-f", dir.toString(), "--prune",
        "--applyset=configmap/myset")).out()).contains("foo.hello.zeng.dev/gone pruned");
    assertThat(ok(kubectl.run("get", "foos", "-o", "name")).out()).contains("foo.hello.zeng.dev/keep").doesNotContain("/gone");

    Path plain = Files.createDirectories(tmp.resolve("plain"));
    Files.writeString(plain.resolve("p.yaml"), keep.replace("name: keep", "name: p1, labels: {app: demo}"));
    assertThat(fails(kubectl.run("apply", "-f", plain.toString(), "--prune", "-l", "app=demo")).err())
        .contains("no matches for kind \"Endpoints\"");
    ok(kubectl.run("apply", "-f", plain.toString(), "--prune", "-l", "app=demo", "--prune-allowlist=hello.zeng.dev/v2/Foo"));
  }
}
