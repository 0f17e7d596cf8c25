package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.FabricFoos.FOO_V2;
import static dev.customapiserver.e2e.FabricFoos.foo;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What controllers do: a fabric8 informer (list + watch) and a plain watch, against the running server.
 * fabric8 7 watches over WebSocket, which the server upgrades to as kube-apiserver does.
 */
@DisplayName("fabric8 informers and watches against java -jar custom-apiserver.war")
class JavaClientWatchIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static KubernetesClient client;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(Files.readString(server.kubeconfig()))).build();
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static String namespace(String name) {
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
    return name;
  }

  static String next(BlockingQueue<String> events) throws InterruptedException {
    String e = events.poll(30, TimeUnit.SECONDS);
    assertThat(e).as("an event within 30 s").isNotNull();
    return e;
  }

  @Test
  @DisplayName("an informer syncs the existing objects, then sees adds, updates and deletes, and its cache follows")
  void informer() throws Exception {
    String ns = namespace("informed");
    client.genericKubernetesResources(FOO_V2).inNamespace(ns).resource(foo("before", "existing")).create();
    BlockingQueue<String> events = new LinkedBlockingQueue<>();
    try (SharedIndexInformer<GenericKubernetesResource> informer = client.genericKubernetesResources(FOO_V2).inNamespace(ns)
        .inform(new ResourceEventHandler<>() {
          @Override
          public void onAdd(GenericKubernetesResource obj) {
            events.add("add " + obj.getMetadata().getName());
          }

          @Override
          public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {
            if (!oldObj.getMetadata().getResourceVersion().equals(newObj.getMetadata().getResourceVersion())) {
              events.add("update " + newObj.getMetadata().getName() + " " + newObj.get("spec", "config", "msg"));
            }
          }

          @Override
          public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {
            events.add("delete " + obj.getMetadata().getName() + (deletedFinalStateUnknown ? " (unknown)" : ""));
          }
        })) {
      informer.hasSynced();
      assertThat(next(events)).isEqualTo("add before");
      var foos = client.genericKubernetesResources(FOO_V2).inNamespace(ns);
      foos.resource(foo("a", "one")).create();
      assertThat(next(events)).isEqualTo("add a");
      foos.withName("a").edit(f -> {
        f.setAdditionalProperty("spec", java.util.Map.of("config", java.util.Map.of("msg", "two")));
        return f;
      });
      assertThat(next(events)).isEqualTo("update a two");
      foos.withName("before").delete();
      assertThat(next(events)).isEqualTo("delete before");
      assertThat(informer.getStore().list()).extracting(f -> f.getMetadata().getName()).containsExactly("a");
      assertThat(events).isEmpty();
    }
  }

  @Test
  @DisplayName("a watch from a resourceVersion sees exactly the later changes, in order")
  void watchFromResourceVersion() throws Exception {
    String ns = namespace("watched");
    var foos = client.genericKubernetesResources(FOO_V2).inNamespace(ns);
    String rv = foos.resource(foo("first", "1")).create().getMetadata().getResourceVersion();
    foos.resource(foo("second", "2")).create();
    foos.withName("first").delete();
    BlockingQueue<String> events = new LinkedBlockingQueue<>();
    try (var watch = foos.withResourceVersion(rv).watch(new Watcher<GenericKubernetesResource>() {
      @Override
      public void eventReceived(Action action, GenericKubernetesResource obj) {
        events.add(action + " " + obj.getMetadata().getName());
      }

      @Override
      public void onClose(WatcherException cause) {
        events.add("closed " + cause.getMessage());
      }
    })) {
      assertThat(watch).as("fabric8 watches over WebSocket (no fallback to HTTP)")
          .isInstanceOf(io.fabric8.kubernetes.client.dsl.internal.WatchConnectionManager.class);
      assertThat(next(events)).isEqualTo("ADDED second");
      assertThat(next(events)).isEqualTo("DELETED first");
      foos.resource(foo("third", "3")).create();
      assertThat(next(events)).isEqualTo("ADDED third");
    }
  }

  @Test
  @DisplayName("a watch with a label selector sees only the matching objects: changes, an object leaving the selection")
  void watchWithLabelSelector() throws Exception {
    String ns = namespace("selected");
    var foos = client.genericKubernetesResources(FOO_V2).inNamespace(ns);
    BlockingQueue<String> events = new LinkedBlockingQueue<>();
    try (var watch = foos.withLabel("team", "a").watch(new Watcher<GenericKubernetesResource>() {
      @Override
      public void eventReceived(Action action, GenericKubernetesResource obj) {
        events.add(action + " " + obj.getMetadata().getName() + " " + obj.get("spec", "config", "msg"));
      }

      @Override
      public void onClose(WatcherException cause) {
        events.add("closed " + cause.getMessage());
      }
    })) {
      foos.resource(foo("other", "x", "team", "b")).create();
      foos.resource(foo("mine", "1", "team", "a")).create();
      assertThat(next(events)).isEqualTo("ADDED mine 1");
      foos.withName("mine").edit(f -> {
        f.setAdditionalProperty("spec", java.util.Map.of("config", java.util.Map.of("msg", "2")));
        return f;
      });
      assertThat(next(events)).isEqualTo("MODIFIED mine 2");
      foos.withName("mine").edit(f -> {
        f.getMetadata().getLabels().put("team", "c");
        return f;
      });
      assertThat(next(events)).as("leaving the selection").isEqualTo("DELETED mine 2");
      foos.withName("other").delete();
      foos.resource(foo("last", "3", "team", "a")).create();
      assertThat(next(events)).as("nothing about other").isEqualTo("ADDED last 3");
    }
  }
}
