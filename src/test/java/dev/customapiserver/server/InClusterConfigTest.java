package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.client.InCluster;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.testing.KubeApiserverStandIn;
import dev.customapiserver.testing.TestPki;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server in a pod without kubeconfig files: the stand-in kube-apiserver at
 * KUBERNETES_SERVICE_HOST/PORT, the service-account token and CA under a temporary mount root.
 */
@DisplayName("In-cluster configuration (no --authentication-kubeconfig, --authorization-kubeconfig, --kubeconfig)")
class InClusterConfigTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  static final TestPki.Ca USERS_CA = TestPki.ca("kubernetes-users");
  @TempDir static Path dir;
  static KubeApiserverStandIn cluster;
  static InCluster pod;

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.token("carol-token", "carol", "devs");
    cluster.policy(spec -> spec.path("user").asText().equals("carol") ? KubeApiserverStandIn.allowed()
        : KubeApiserverStandIn.notAllowed());
    cluster.authenticationConfigMap(Map.of("client-ca-file", USERS_CA.certificatePem()));
    cluster.namespace("team-a");
    pod = pod(dir.resolve("pod"), KubeApiserverStandIn.CALLER_TOKEN);
  }

  /** A pod's view: the environment kubelet sets and the service-account mount under {@code root}. */
  static InCluster pod(Path root, String token) throws Exception {
    Path mount = Files.createDirectories(root.resolve(InCluster.MOUNT));
    Files.writeString(mount.resolve("token"), token);
    Files.writeString(mount.resolve("ca.crt"), cluster.ca.certificatePem());
    URI url = URI.create(cluster.url());
    Map<String, String> env = Map.of("KUBERNETES_SERVICE_HOST", url.getHost(), "KUBERNETES_SERVICE_PORT",
        Integer.toString(url.getPort()));
    return new InCluster(env::get, root);
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  @DisplayName("in a pod, tokens are reviewed and requests authorized by the cluster, with the pod's service-account token")
  void delegatedInCluster() throws Exception {
    try (DelegatedServer server = new DelegatedServer(dir.resolve("a"), Map.of(), DelegatedServer.WHO_AM_I, pod)) {
      HttpResponse<String> r = server.get(DelegatedServer.client(null), WIDGETS, "Authorization", "Bearer carol-token");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(cluster.tokenReviews()).anyMatch(t -> t.at("/spec/token").asText().equals("carol-token"));
      assertThat(cluster.accessReviews()).anyMatch(a -> a.at("/spec/user").asText().equals("carol"));
    }
  }

  @Test
  @DisplayName("in a pod, the client CA comes from the cluster's extension-apiserver-authentication ConfigMap")
  void configMapInCluster() throws Exception {
    try (DelegatedServer server = new DelegatedServer(dir.resolve("b"), Map.of(), DelegatedServer.WHO_AM_I, pod)) {
      HttpResponse<String> r = server.get(DelegatedServer.client(USERS_CA.client("jane", "team")), WIDGETS);
      assertThat(r.statusCode()).isEqualTo(403);
      assertThat(r.body()).contains("User \\\"jane\\\" cannot list").contains("groups=[team, system:authenticated]");
    }
  }

  @Test
  @DisplayName("not in a pod and no kubeconfig: the server stands alone, a cluster token is unknown (401) and the cluster is never asked")
  void notInCluster() throws Exception {
    int reviews = cluster.tokenReviews().size();
    try (DelegatedServer server = new DelegatedServer(dir.resolve("c"), Map.of(), DelegatedServer.WHO_AM_I,
        DelegatedServer.NOWHERE)) {
      HttpResponse<String> r = server.get(DelegatedServer.client(null), WIDGETS, "Authorization", "Bearer carol-token");
      assertThat(r.statusCode()).isEqualTo(401);
    }
    assertThat(cluster.tokenReviews()).hasSize(reviews);
  }

  @Test
  @DisplayName("in a pod whose token cannot be read: warned about, and the server stands alone")
  void unreadableToken() throws Exception {
    InCluster broken = new InCluster(pod.environment(), dir.resolve("no-mount-here"));
    int reviews = cluster.tokenReviews().size();
    try (DelegatedServer server = new DelegatedServer(dir.resolve("d"), Map.of(), DelegatedServer.WHO_AM_I, broken)) {
      assertThat(server.get(DelegatedServer.client(null), WIDGETS, "Authorization", "Bearer carol-token").statusCode())
          .isEqualTo(401);
    }
    assertThat(cluster.tokenReviews()).hasSize(reviews);
  }

  @Test
  @DisplayName("in a pod, the core cluster is the pod's: admission sees the cluster's namespaces; --kubeconfig wins over it")
  void coreCluster() throws Exception {
    Scheme scheme = new Scheme(ServiceLoader.load(dev.customapiserver.groups.ApiGroupModule.class).stream()
        .map(p -> p.get().apiGroup()).toList());
    Listers local = new Listers() {
      @Override
      public <H extends dev.customapiserver.api.meta.KubeObject> dev.customapiserver.admission.Lister<H> forResource(
          GroupResource resource, Class<H> hub) {
        throw new AssertionError("the local " + resource + " were read");
      }
    };
    try (CoreClusterWiring core = CoreClusterWiring.open(config(Map.of()), scheme, new Codecs(), pod)) {
      assertThat(core.listers(local).forResource(new GroupResource("", "namespaces"), Namespace.class).get(null, "team-a"))
          .isPresent();
    }
    try (CoreClusterWiring none = CoreClusterWiring.open(config(Map.of()), scheme, new Codecs(), DelegatedServer.NOWHERE)) {
      assertThat(none.listers(local)).isSameAs(local);
    }
    Path other = Files.writeString(dir.resolve("other.kubeconfig"), "apiVersion: v1\nkind: Config\nclusters:\n- name: x\n"
        + "  cluster:\n    server: https://127.0.0.1:1\n");
    assertThat(new ClusterConnections(Flags.with(Map.of(Option.KUBECONFIG, other.toString())), pod)
        .resolve(Option.KUBECONFIG, "the core cluster", CoreClusterWiring::client).orElseThrow().url(""))
        .hasToString("https://127.0.0.1:1");
  }

  static ServerConfig config(Map<Option, String> flags) {
    return new ServerConfig(dir.resolve("cfg"), 0, "127.0.0.1", OptionalInt.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000, List.of(), List.of(), Flags.with(flags));
  }
}
