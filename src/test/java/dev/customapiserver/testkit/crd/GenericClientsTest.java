package dev.customapiserver.testkit.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.Watchable;
import io.kubernetes.client.util.generic.KubernetesApiResponse;
import io.kubernetes.client.util.generic.dynamic.DynamicKubernetesApi;
import io.kubernetes.client.util.generic.dynamic.DynamicKubernetesListObject;
import io.kubernetes.client.util.generic.dynamic.DynamicKubernetesObject;
import io.kubernetes.client.util.generic.dynamic.Dynamics;
import io.kubernetes.client.util.generic.options.ListOptions;
import java.io.InputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The generic (dynamic) clients of fabric8 and of the official Java client against a custom
 * resource defined by a CRD: no Java class for the kind, only group, version and plural.
 */
@DisplayName("fabric8's and the official client's generic clients against a CRD's resource")
class GenericClientsTest {
  static RunningApiServer server;
  static KubernetesClient fabric8;

  @BeforeAll
  static void start() throws Exception {
    server = ApiServerBuilder.create().start();
    fabric8 = server.fabric8Client();
    try (InputStream yaml = GenericClientsTest.class.getResourceAsStream("/crd/widget-crd.yaml")) {
      fabric8.apiextensions().v1().customResourceDefinitions().load(yaml).create();
    }
    fabric8.apiextensions().v1().customResourceDefinitions().withName("widgets.ops.example.com")
        .waitUntilCondition(c -> c != null && c.getStatus() != null && c.getStatus().getConditions().stream()
            .anyMatch(x -> "Established".equals(x.getType()) && "True".equals(x.getStatus())), 60, TimeUnit.SECONDS);
  }

  @AfterAll
  static void stop() {
    if (fabric8 != null) {
      fabric8.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static GenericKubernetesResource widget(String namespace, String name, int parts) {
    return new GenericKubernetesResourceBuilder().withApiVersion("ops.example.com/v1").withKind("Widget")
        .withNewMetadata().withName(name).withNamespace(namespace).addToLabels("app", "generic").endMetadata()
        .addToAdditionalProperties("spec", Map.of("parts", parts, "color", "red")).build();
  }

  static String summary(String type, GenericKubernetesResource r) {
    return type + " " + r.getMetadata().getName();
  }

  @Test
  @DisplayName("fabric8 GenericKubernetesResource: create (defaulted), list by label, watch, an informer, delete")
  void fabric8Generic() throws Exception {
    fabric8.namespaces().resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder().withNewMetadata()
        .withName("f8").endMetadata().build()).create();
    MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> widgets =
        fabric8.genericKubernetesResources("ops.example.com/v1", "Widget");
    BlockingQueue<String> watched = new LinkedBlockingQueue<>();
    BlockingQueue<String> informed = new LinkedBlockingQueue<>();
    try (var watch = widgets.inNamespace("f8").watch(new Watcher<GenericKubernetesResource>() {
      @Override
      public void eventReceived(Action action, GenericKubernetesResource resource) {
        watched.add(action + " " + resource.getMetadata().getName());
      }

      @Override
      public void onClose(WatcherException cause) {
        watched.add("CLOSED " + cause);
      }
    }); SharedIndexInformer<GenericKubernetesResource> informer = widgets.inNamespace("f8").inform(
        new ResourceEventHandler<GenericKubernetesResource>() {
          @Override
          public void onAdd(GenericKubernetesResource obj) {
            informed.add(summary("ADD", obj));
          }

          @Override
          public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {
            informed.add(summary("UPDATE", newObj));
          }

          @Override
          public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {
            informed.add(summary("DELETE", obj));
          }
        })) {
      GenericKubernetesResource created = widgets.resource(widget("f8", "spring", 4)).create();
      assertThat(created.getMetadata().getUid()).isNotEmpty();
      assertThat(created.<String>get("spec", "color")).isEqualTo("red");
      GenericKubernetesResource defaulted = widgets.inNamespace("f8").resource(new GenericKubernetesResourceBuilder()
          .withApiVersion("ops.example.com/v1").withKind("Widget").withNewMetadata().withName("plain").endMetadata()
          .addToAdditionalProperties("spec", Map.of()).build()).create();
      assertThat(defaulted.<Integer>get("spec", "parts")).as("the schema's default").isEqualTo(1);

      assertThat(widgets.inNamespace("f8").withLabel("app", "generic").list().getItems())
          .extracting(r -> r.getMetadata().getName()).containsExactly("spring");
      assertThat(widgets.inAnyNamespace().list().getItems()).extracting(r -> r.getMetadata().getNamespace() + "/" + r.getMetadata().getName())
          .contains("f8/spring", "f8/plain");
      widgets.inNamespace("f8").withName("spring").edit(r -> {
        r.setAdditionalProperty("spec", Map.of("parts", 7, "color", "green"));
        return r;
      });
      widgets.inNamespace("f8").withName("spring").delete();
      assertThat(next(watched, 4)).containsExactly("ADDED spring", "ADDED plain", "MODIFIED spring", "DELETED spring");
      List<String> seen = next(informed, 4);
      assertThat(seen).containsExactlyInAnyOrder("ADD spring", "ADD plain", "UPDATE spring", "DELETE spring");
      assertThat(informer.getStore().list()).extracting(r -> r.getMetadata().getName()).containsExactly("plain");
    }
  }

  static List<String> next(BlockingQueue<String> q, int n) throws InterruptedException {
    List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      String s = q.poll(60, TimeUnit.SECONDS);
      assertThat(s).as("event " + (i + 1) + " of " + n + " after " + out).isNotNull();
      out.add(s);
    }
    return out;
  }

  @Test
  @DisplayName("the official client's DynamicKubernetesApi: create, get, list by label, watch from a list's resourceVersion, delete")
  void officialDynamic() throws Exception {
    ApiClient client = server.officialClient();
    client.setReadTimeout(0); // a watch waits for events
    new io.kubernetes.client.openapi.apis.CoreV1Api(client).createNamespace(new io.kubernetes.client.openapi.models.V1Namespace()
        .metadata(new io.kubernetes.client.openapi.models.V1ObjectMeta().name("dyn"))).execute();
    DynamicKubernetesApi widgets = new DynamicKubernetesApi("ops.example.com", "v1", "widgets", client);
    DynamicKubernetesObject made = widgets.create(Dynamics.newFromJson("{\"apiVersion\":\"ops.example.com/v1\",\"kind\":\"Widget\","
        + "\"metadata\":{\"name\":\"first\",\"namespace\":\"dyn\",\"labels\":{\"app\":\"generic\"}},\"spec\":{\"parts\":2}}"))
        .throwsApiException().getObject();
    assertThat(made.getMetadata().getUid()).isNotEmpty();
    assertThat(made.getRaw().getAsJsonObject("spec").get("parts").getAsInt()).isEqualTo(2);
    assertThat(widgets.get("dyn", "first").throwsApiException().getObject().getKind()).isEqualTo("Widget");

    ListOptions byLabel = new ListOptions();
    byLabel.setLabelSelector("app=generic");
    DynamicKubernetesListObject list = widgets.list("dyn", byLabel).throwsApiException().getObject();
    assertThat(list.getItems()).extracting(o -> o.getMetadata().getName()).containsExactly("first");
    KubernetesApiResponse<DynamicKubernetesObject> missing = widgets.get("dyn", "nothing");
    assertThat(missing.getHttpStatusCode()).isEqualTo(404);
    assertThat(missing.getStatus().getReason()).isEqualTo("NotFound");

    ListOptions from = new ListOptions();
    from.setResourceVersion(list.getMetadata().getResourceVersion());
    try (Watchable<DynamicKubernetesObject> watch = widgets.watch("dyn", from)) {
      widgets.create(Dynamics.newFromJson("{\"apiVersion\":\"ops.example.com/v1\",\"kind\":\"Widget\","
          + "\"metadata\":{\"name\":\"second\",\"namespace\":\"dyn\"},\"spec\":{\"parts\":3}}")).throwsApiException();
      assertThat(widgets.delete("dyn", "first").getHttpStatusCode()).isEqualTo(200);
      Iterator<Watch.Response<DynamicKubernetesObject>> events = watch.iterator();
      List<String> seen = new java.util.ArrayList<>();
      while (seen.size() < 2 && events.hasNext()) {
        Watch.Response<DynamicKubernetesObject> e = events.next();
        if (!"BOOKMARK".equals(e.type)) {
          seen.add(e.type + " " + e.object.getMetadata().getName());
        }
      }
      assertThat(seen).containsExactly("ADDED second", "DELETED first");
    }
  }
}
