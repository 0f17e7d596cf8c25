package dev.customapiserver.admission.corecluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.testing.KubeApiserverStandIn;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A core cluster that refuses this server's credentials: admission fails closed, as kube's plugins do. */
@DisplayName("Admission when the core cluster cannot be read (--kubeconfig)")
class CoreClusterUnreachableTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  static KubeApiserverStandIn cluster;
  static TestServer server;
  static final List<CoreClusterListers> opened = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.namespace("default");
    ClusterClient client = ClusterClient.of(cluster.kubeconfig(dir, "core", "a-token-the-cluster-does-not-know"),
        Duration.ofSeconds(10));
    List<ApiGroupModule> modules = ServiceLoader.load(ApiGroupModule.class).stream().map(ServiceLoader.Provider::get).toList();
    server = TestServer.withAdmission(modules, new MemoryStorageBackend(), PluginSelection.DEFAULT, (scheme, local) -> {
      CoreClusterListers l = new CoreClusterListers(local, client, scheme, new Codecs().json(), Duration.ofSeconds(1));
      opened.add(l);
      return l;
    });
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    opened.forEach(CoreClusterListers::close);
    cluster.close();
  }

  @Test
  @DisplayName("namespaces never listed: a create is 403 \"not yet ready to handle request\", never admitted")
  void notReady() throws Exception {
    HttpResponse<String> r = server.send("POST", "/apis/hello.zeng.dev/v2/namespaces/default/foos",
        "{\"metadata\":{\"name\":\"a\"},\"spec\":{\"config\":{\"msg\":\"hi\"}}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(403);
    JsonNode s = JSON.readTree(r.body());
    assertThat(s.at("/reason").asText()).isEqualTo("Forbidden");
    assertThat(s.at("/message").asText()).endsWith("not yet ready to handle request");
    assertThat(server.send("GET", "/apis/hello.zeng.dev/v2/namespaces/default/foos/a", null).statusCode()).isEqualTo(404);
  }
}
