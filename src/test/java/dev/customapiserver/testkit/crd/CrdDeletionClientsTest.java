package dev.customapiserver.testkit.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What a fabric8 client sees of a CRD's deletion: its watch gets the DELETED events; the server then
 * ends the stream, and fabric8's Watcher, which reconnects on its own, keeps reconnecting (each attempt
 * answered 404) without calling {@code onClose}, as it would against kube-apiserver.
 */
@DisplayName("A CRD deleted under a fabric8 watch")
class CrdDeletionClientsTest {
  static RunningApiServer server;
  static KubernetesClient client;

  @BeforeAll
  static void start() throws Exception {
    server = ApiServerBuilder.create().start();
    client = server.fabric8Client();
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

  @Test
  @DisplayName("a fabric8 Watcher of Widgets gets each DELETED event; the kind then answers 404")
  void watcherClosed() throws Exception {
    try (InputStream yaml = CrdDeletionClientsTest.class.getResourceAsStream("/crd/widget-crd.yaml")) {
      client.apiextensions().v1().customResourceDefinitions().load(yaml).create();
    }
    client.apiextensions().v1().customResourceDefinitions().withName("widgets.ops.example.com")
        .waitUntilCondition(c -> c != null && c.getStatus() != null && c.getStatus().getConditions().stream()
            .anyMatch(x -> "Established".equals(x.getType()) && "True".equals(x.getStatus())), 60, TimeUnit.SECONDS);
    for (String name : List.of("a", "b")) {
      client.resource(WidgetOperatorTest.widget(name, 1)).create();
    }
    BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    try (var watch = client.resources(Widget.class).inNamespace("default").watch(new Watcher<Widget>() {
      @Override
      public void eventReceived(Action action, Widget resource) {
        seen.add(action + " " + resource.getMetadata().getName());
      }

      @Override
      public void onClose(WatcherException cause) {
        seen.add("onClose " + (cause == null ? "" : cause.getMessage()));
      }

      @Override
      public void onClose() {
        seen.add("onClose");
      }
    })) {
      assertThat(next(seen, 2)).containsExactlyInAnyOrder("ADDED a", "ADDED b");
      client.apiextensions().v1().customResourceDefinitions().withName("widgets.ops.example.com").delete();
      assertThat(next(seen, 2)).containsExactlyInAnyOrder("DELETED a", "DELETED b");
    }
    client.apiextensions().v1().customResourceDefinitions().withName("widgets.ops.example.com")
        .waitUntilCondition(c -> c == null, 60, TimeUnit.SECONDS);
    try {
      client.resources(Widget.class).inNamespace("default").list();
      throw new AssertionError("listed Widgets after their CRD was deleted");
    } catch (KubernetesClientException e) {
      assertThat(e.getCode()).isEqualTo(404);
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
}
