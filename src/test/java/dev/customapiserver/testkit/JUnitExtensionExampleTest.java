package dev.customapiserver.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapList;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The README's example: a fresh server per test method, a fabric8 client injected. */
@WithApiServer(perMethod = true)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("@WithApiServer(perMethod = true): each test gets an empty server")
class JUnitExtensionExampleTest {

  @Test
  @Order(1)
  @DisplayName("a ConfigMap written in one test...")
  void writes(KubernetesClient client) {
    client.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata().withName("left-over")
        .endMetadata().build()).create();
    assertThat(client.configMaps().inNamespace("default").list().getItems()).hasSize(1);
  }

  @Test
  @Order(2)
  @DisplayName("...is not there in the next one; the server handle and the client agree")
  void fresh(KubernetesClient client, RunningApiServer server) {
    ConfigMapList list = client.configMaps().inNamespace("default").list();
    assertThat(list.getItems()).isEmpty();
    assertThat(client.getMasterUrl().toString()).startsWith(server.url().toString());
  }
}
