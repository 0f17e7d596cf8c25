package dev.customapiserver.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The API server embedded in a test (ApiServerBuilder)")
class EmbeddedApiServerTest {

  private static KubernetesClient client(RunningApiServer s) {
    return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(s.kubeconfigYaml())).build();
  }

  @Test
  @DisplayName("two servers in one JVM, each with its own objects, reached through their kubeconfigs")
  void twoServers() {
    Runtime rt = Runtime.getRuntime();
    System.gc();
    long heapBefore = rt.totalMemory() - rt.freeMemory();
    try (RunningApiServer a = ApiServerBuilder.create().start();
        RunningApiServer b = ApiServerBuilder.create().start();
        KubernetesClient ca = client(a);
        KubernetesClient cb = client(b)) {
      assertThat(a.url()).isNotEqualTo(b.url());
      assertThat(a.adminToken()).isNotEqualTo(b.adminToken());
      assertThat(a.caCertificate()).exists();
      ca.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata().withName("only-in-a")
          .endMetadata().withData(Map.of("k", "v")).build()).create();
      assertThat(ca.configMaps().inNamespace("default").withName("only-in-a").get().getData()).containsEntry("k", "v");
      assertThat(cb.configMaps().inNamespace("default").withName("only-in-a").get()).isNull();
      System.gc();
      long heapAfter = rt.totalMemory() - rt.freeMemory();
      System.out.printf("embedded API server: start to ready %d ms and %d ms; heap per server about %d MiB%n",
          a.startMillis(), b.startMillis(), (heapAfter - heapBefore) / 2 / (1024 * 1024));
    }
  }

  @Test
  @DisplayName("closing removes the temporary data directory")
  void closeCleansUp() {
    RunningApiServer s = ApiServerBuilder.create().start();
    s.close();
    assertThat(s.dataDir()).doesNotExist();
  }
}
