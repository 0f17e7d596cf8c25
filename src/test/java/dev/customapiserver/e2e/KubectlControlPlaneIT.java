package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The control-plane kinds as a kubectl user meets them, against {@code java -jar}. */
@DisplayName("kubectl and the control-plane APIs (ConfigMaps, Secrets, Leases)")
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
}
