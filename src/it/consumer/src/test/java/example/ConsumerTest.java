package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.customapiserver.testkit.WithApiServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Test;

/** A user's test: the embedded server, a fabric8 client, a namespace and a ConfigMap in it. */
@WithApiServer
class ConsumerTest {
  @Test
  void createsANamespaceAndAConfigMap(KubernetesClient client) {
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("shop").endMetadata().build()).create();
    client.configMaps().inNamespace("shop").resource(new ConfigMapBuilder()
        .withNewMetadata().withName("settings").endMetadata().addToData("colour", "blue").build()).create();

    ConfigMap read = client.configMaps().inNamespace("shop").withName("settings").get();
    assertEquals("blue", read.getData().get("colour"));
    assertEquals("Active", client.namespaces().withName("shop").get().getStatus().getPhase());
  }
}
