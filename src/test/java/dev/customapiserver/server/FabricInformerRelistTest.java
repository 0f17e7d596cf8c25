package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A fabric8 informer over WebSocket when the server ends its watch with 410 Expired")
class FabricInformerRelistTest {
  static final ResourceDefinitionContext WIDGETS = new ResourceDefinitionContext.Builder().withGroup("test.example.com")
      .withVersion("v2").withKind("Widget").withPlural("widgets").withNamespaced(true).build();
  @TempDir static Path dir;
  static InProcessApiServer server;
  static KubernetesClient client;

  @BeforeAll
  static void start() throws Exception {
    server = new InProcessApiServer(dir);
    Config config = new ConfigBuilder(Config.empty()).withMasterUrl(server.base.toString())
        .withOauthToken(InProcessApiServer.TOKEN).build();
    client = new KubernetesClientBuilder().withConfig(config).build();
  }

  @AfterAll
  static void stop() {
    client.close();
    server.close();
  }

  static GenericKubernetesResource widget(String name, String color) {
    return new GenericKubernetesResourceBuilder().withApiVersion("test.example.com/v2").withKind("Widget")
        .withNewMetadata().withName(name).endMetadata()
        .addToAdditionalProperties("spec", Map.of("paint", Map.of("color", color))).build();
  }

  static String next(BlockingQueue<String> events) throws InterruptedException {
    String e = events.poll(30, TimeUnit.SECONDS);
    assertThat(e).as("an event within 30 s").isNotNull();
    return e;
  }

  @Test
  @DisplayName("relists, watches again, and keeps following changes with a complete cache")
  void relistsAfterExpired() throws Exception {
    var widgets = client.genericKubernetesResources(WIDGETS).inNamespace("relist");
    widgets.resource(widget("a", "red")).create();
    BlockingQueue<String> events = new LinkedBlockingQueue<>();
    try (SharedIndexInformer<GenericKubernetesResource> informer = widgets.inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(GenericKubernetesResource obj) {
        events.add("add " + obj.getMetadata().getName());
      }

      @Override
      public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {
        if (!oldObj.getMetadata().getResourceVersion().equals(newObj.getMetadata().getResourceVersion())) {
          events.add("update " + newObj.getMetadata().getName());
        }
      }

      @Override
      public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {
        events.add("delete " + obj.getMetadata().getName());
      }
    })) {
      assertThat(next(events)).isEqualTo("add a");
      widgets.resource(widget("b", "blue")).create();
      assertThat(next(events)).as("through the watch").isEqualTo("add b");

      server.backend.expireOpenWatches(); // the watch gets ERROR 410 Expired and the socket closes

      widgets.resource(widget("c", "green")).create();
      assertThat(next(events)).as("through the relist or the new watch").isEqualTo("add c");
      widgets.withName("a").delete();
      assertThat(next(events)).isEqualTo("delete a");
      assertThat(informer.getStore().list()).extracting(w -> w.getMetadata().getName()).containsExactlyInAnyOrder("b", "c");
      assertThat(events).isEmpty();
    }
  }
}
