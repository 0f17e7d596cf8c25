package dev.customapiserver.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@WithApiServer
@DisplayName("RunningApiServer.reset(): back to the just-started state without a restart")
class ResetTest {

  private static MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> foos(
      KubernetesClient client) {
    return client.genericKubernetesResources("hello.zeng.dev/v2", "Foo");
  }

  @Test
  @DisplayName("objects made by the test are gone in every namespace, bootstrap objects are restored, open watches end")
  void reset(KubernetesClient client, RunningApiServer server) throws Exception {
    List<String> rolesAtStart = names(client.rbac().clusterRoles().list().getItems());
    String defaultUid = client.namespaces().withName("default").get().getMetadata().getUid();

    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("team-a").endMetadata().build()).create();
    client.configMaps().inNamespace("team-a").resource(configMap("in-team-a")).create();
    client.configMaps().inNamespace("default").resource(configMap("in-default")).create();
    foos(client).inNamespace("team-a").resource(new GenericKubernetesResourceBuilder().withApiVersion("hello.zeng.dev/v2")
        .withKind("Foo").withNewMetadata().withName("kept-by-finalizer").withFinalizers("example.com/never").endMetadata()
        .withAdditionalProperties(Map.of("spec", Map.of("image", "busybox:1.36", "config", Map.of("msg", "hi")))).build()).create();
    client.rbac().clusterRoles().resource(new ClusterRoleBuilder().withNewMetadata().withName("mine").endMetadata().build()).create();
    client.rbac().clusterRoles().withName("view").delete();
    client.namespaces().withName("default").edit(n -> new NamespaceBuilder(n).editMetadata()
        .addToLabels("touched", "yes").endMetadata().build());

    CompletableFuture<WatcherException> watchEnd = new CompletableFuture<>();
    client.configMaps().inNamespace("default").watch(new Watcher<ConfigMap>() {
      @Override
      public void eventReceived(Action action, ConfigMap resource) {}

      @Override
      public void onClose(WatcherException cause) {
        watchEnd.complete(cause);
      }
    });

    assertThat(server.reset()).isGreaterThanOrEqualTo(6);

    assertThat(watchEnd.get(30, TimeUnit.SECONDS)).satisfies(e -> assertThat(e.isHttpGone()).isTrue());
    assertThat(client.namespaces().withName("team-a").get()).isNull();
    assertThat(client.configMaps().inAnyNamespace().list().getItems()).extracting(c -> c.getMetadata().getName())
        .doesNotContain("in-team-a", "in-default");
    assertThat(foos(client).inAnyNamespace().list().getItems()).isEmpty();
    assertThat(names(client.rbac().clusterRoles().list().getItems())).isEqualTo(rolesAtStart);
    var defaultNs = client.namespaces().withName("default").get();
    assertThat(defaultNs.getMetadata().getLabels()).doesNotContainKey("touched");
    assertThat(defaultNs.getMetadata().getUid()).isEqualTo(defaultUid);

    // the same names can be used again at once: nothing is left terminating
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("team-a").endMetadata().build()).create();
    assertThat(client.configMaps().inNamespace("team-a").resource(configMap("in-team-a")).create().getMetadata().getName())
        .isEqualTo("in-team-a");
    assertThat(server.reset()).isGreaterThanOrEqualTo(2); // with what the controllers add to a new namespace
    assertThat(client.namespaces().withName("team-a").get()).isNull();
    assertThat(server.reset()).isZero();
  }

  private static ConfigMap configMap(String name) {
    return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().withData(Map.of("k", "v")).build();
  }

  private static List<String> names(List<ClusterRole> roles) {
    return roles.stream().map(r -> r.getMetadata().getName()).sorted().toList();
  }
}
