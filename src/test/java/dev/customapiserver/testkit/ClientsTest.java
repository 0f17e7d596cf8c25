package dev.customapiserver.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@WithApiServer
@DisplayName("Ready-made clients: fabric8 and the official Java client, injected or from the server handle")
class ClientsTest {

  @Test
  @DisplayName("what fabric8 writes the official client reads, both as admin over the server's TLS")
  void bothClients(KubernetesClient fabric8, ApiClient official, RunningApiServer server) throws Exception {
    fabric8.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata().withName("shared")
        .endMetadata().withData(Map.of("from", "fabric8")).build()).create();

    V1ConfigMap read = new CoreV1Api(official).readNamespacedConfigMap("shared", "default").execute();
    assertThat(read.getData()).containsEntry("from", "fabric8");

    V1ConfigMap written = new CoreV1Api(server.officialClient()).createNamespacedConfigMap("default",
        new V1ConfigMap().metadata(new io.kubernetes.client.openapi.models.V1ObjectMeta().name("from-official"))
            .putDataItem("from", "official")).execute();
    assertThat(written.getMetadata().getResourceVersion()).isNotBlank();
    try (KubernetesClient own = server.fabric8Client()) {
      assertThat(own.configMaps().inNamespace("default").withName("from-official").get().getData())
          .containsEntry("from", "official");
    }
    assertThat(server.fabric8Config().getMasterUrl()).startsWith(server.url().toString());
  }
}
