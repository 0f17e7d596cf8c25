package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.testing.KubeApiserverStandIn;
import dev.customapiserver.testing.TestPki;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The cluster's extension-apiserver-authentication ConfigMap: client CA and front proxy, followed without a restart")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterAuthenticationConfigMapTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  static final TestPki.Ca USERS_CA = TestPki.ca("kubernetes-users");
  static final TestPki.Ca PROXY_CA = TestPki.ca("front-proxy-ca");
  static final TestPki.Ca ROTATED_PROXY_CA = TestPki.ca("front-proxy-ca-2");
  @TempDir static Path dir;
  static KubeApiserverStandIn cluster;
  static DelegatedServer server;

  static Map<String, String> configMap(TestPki.Ca proxyCa) {
    return Map.of(
        "client-ca-file", USERS_CA.certificatePem(),
        "requestheader-client-ca-file", proxyCa.certificatePem(),
        "requestheader-allowed-names", "[\"front-proxy-client\"]",
        "requestheader-username-headers", "[\"X-Remote-User\"]",
        "requestheader-group-headers", "[\"X-Remote-Group\"]",
        "requestheader-uid-headers", "[\"X-Remote-Uid\"]",
        "requestheader-extra-headers-prefix", "[\"X-Remote-Extra-\"]");
  }

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.authenticationConfigMap(configMap(PROXY_CA));
    Path kubeconfig = cluster.kubeconfig(dir, "core.kubeconfig", KubeApiserverStandIn.CALLER_TOKEN);
    server = new DelegatedServer(dir.resolve("data"), Map.of(Option.AUTHENTICATION_KUBECONFIG, kubeconfig.toString()),
        DelegatedServer.WHO_AM_I);
  }

  @AfterAll
  static void stop() {
    server.close();
    cluster.close();
  }

  static HttpResponse<String> asBobThrough(TestPki.Ca proxyCa) throws Exception {
    HttpClient proxy = DelegatedServer.client(proxyCa.client("front-proxy-client"));
    return server.get(proxy, WIDGETS, "X-Remote-User", "bob", "X-Remote-Group", "devs");
  }

  @Test
  @Order(1)
  @DisplayName("the front proxy of the ConfigMap's request-header CA is trusted; its user is in system:authenticated")
  void frontProxy() throws Exception {
    HttpResponse<String> r = asBobThrough(PROXY_CA);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"bob\\\" cannot list").contains("groups=[devs, system:authenticated]");
  }

  @Test
  @Order(2)
  @DisplayName("a client certificate of the ConfigMap's client CA names the user (CN) and groups (O)")
  void clientCertificate() throws Exception {
    HttpResponse<String> r = server.get(DelegatedServer.client(USERS_CA.client("jane", "team")), WIDGETS);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"jane\\\" cannot list").contains("groups=[team, system:authenticated]");
  }

  @Test
  @Order(3)
  @DisplayName("forged identity headers without the proxy certificate are ignored")
  void forged() throws Exception {
    HttpResponse<String> r = server.get(DelegatedServer.client(null), WIDGETS, "X-Remote-User", "bob", "X-Remote-Group",
        "system:masters");
    assertThat(r.body()).contains("User \\\"system:anonymous\\\" cannot list").doesNotContain("bob");
  }

  @Test
  @Order(4)
  @DisplayName("a rotated request-header CA in the ConfigMap applies without a restart: the new proxy is trusted, the old one refused")
  void rotation() throws Exception {
    assertThat(asBobThrough(ROTATED_PROXY_CA).statusCode()).isEqualTo(401);
    cluster.authenticationConfigMap(configMap(ROTATED_PROXY_CA));
    awaitStatus(ROTATED_PROXY_CA, 403);
    assertThat(asBobThrough(ROTATED_PROXY_CA).body()).contains("User \\\"bob\\\" cannot list");
    assertThat(asBobThrough(PROXY_CA).statusCode()).isEqualTo(401);
  }

  static void awaitStatus(TestPki.Ca proxyCa, int status) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (asBobThrough(proxyCa).statusCode() != status) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the rotated CA was not picked up");
      }
      Thread.sleep(50);
    }
  }

  static ServerConfig config(Path kubeconfig, Map<Option, String> more) {
    Map<Option, String> flags = new java.util.HashMap<>(more);
    flags.put(Option.AUTHENTICATION_KUBECONFIG, kubeconfig.toString());
    return new ServerConfig(dir.resolve("unused"), 0, "127.0.0.1", OptionalInt.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000, List.of(), List.of(), Flags.with(flags));
  }

  @Test
  @DisplayName("a lookup the cluster refuses stops the start, naming the flags; --authentication-tolerate-lookup-failure starts anyway")
  void lookupFailure() throws Exception {
    Path wrong = cluster.kubeconfig(dir, "wrong.kubeconfig", "not-the-service-account");
    assertThatThrownBy(() -> DelegationWiring.open(config(wrong, Map.of())))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("unable to get configmap/extension-apiserver-authentication in kube-system: HTTP 401")
        .hasMessageContaining("--authentication-tolerate-lookup-failure=true");
    DelegationWiring.open(config(wrong, Map.of(Option.AUTHENTICATION_TOLERATE_LOOKUP_FAILURE, "true"))).close();
  }
}
