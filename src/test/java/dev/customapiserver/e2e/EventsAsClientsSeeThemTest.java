package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.kubernetes.client.openapi.apis.EventsV1Api;
import io.kubernetes.client.openapi.models.EventsV1Event;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events as kubectl and the official Java client see them: kube's event columns, and the fields
 * kube always writes (no omitempty) present even when unset, so generated clients that require
 * them ({@code eventTime} of events.k8s.io/v1) read the objects.
 */
@DisplayName("Events: kubectl get events columns, fields without omitempty always written (official Java client)")
class EventsAsClientsSeeThemTest {
  static final String CORE_EVENT = """
      apiVersion: v1
      kind: Event
      metadata: {name: legacy}
      involvedObject: {kind: ConfigMap, name: settings, namespace: default, apiVersion: v1, fieldPath: data}
      reason: Tested
      message: "  written through core/v1  "
      type: Warning
      source: {component: tester, host: node-1}
      count: 3
      """;
  @TempDir static Path tmp;
  static RunningApiServer server;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    server = ApiServerBuilder.create().start();
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
    Kubectl.Result r = kubectl.runWithInput(CORE_EVENT, "create", "-f", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("kubectl get events: LAST SEEN, TYPE, REASON, OBJECT as kind/name, MESSAGE; -o wide adds kube's other five")
  void columns() throws Exception {
    Kubectl.Result r = kubectl.run("get", "events", "-n", "default");
    assertThat(r.exitCode()).as(r.err()).isZero();
    String[] lines = r.out().split("\n");
    assertThat(lines[0]).matches("LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+MESSAGE\\s*");
    assertThat(r.out()).containsPattern("<unknown>\\s+Warning\\s+Tested\\s+configmap/settings\\s+written through core/v1");
    Kubectl.Result wide = kubectl.run("get", "events", "-n", "default", "-o", "wide");
    assertThat(wide.out().split("\n")[0])
        .matches("LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+SUBOBJECT\\s+SOURCE\\s+MESSAGE\\s+FIRST SEEN\\s+COUNT\\s+NAME\\s*");
    assertThat(wide.out()).containsPattern("configmap/settings\\s+data\\s+tester, node-1\\s+written through core/v1\\s+"
        + "<unknown>\\s+3\\s+legacy");
    Kubectl.Result events = kubectl.run("get", "events.v1.events.k8s.io", "-n", "default");
    assertThat(events.out().split("\n")[0]).as("the same columns for events.k8s.io")
        .matches("LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+MESSAGE\\s*");
  }

  @Test
  @DisplayName("unset fields without omitempty are written as Go writes them: eventTime null, source {}, reportingComponent \"\"")
  void goZeroFields() throws Exception {
    JsonNode core = new ObjectMapper().readTree(kubectl.run("get", "--raw",
        "/api/v1/namespaces/default/events/legacy").out());
    assertThat(core.has("eventTime")).isTrue();
    assertThat(core.get("eventTime").isNull()).isTrue();
    assertThat(core.get("firstTimestamp").isNull()).isTrue();
    assertThat(core.get("reportingComponent").asText()).isEmpty();
    assertThat(core.get("reportingInstance").isTextual()).isTrue();
    JsonNode events = new ObjectMapper().readTree(kubectl.run("get", "--raw",
        "/apis/events.k8s.io/v1/namespaces/default/events/legacy").out());
    assertThat(events.has("eventTime")).isTrue();
    assertThat(events.get("eventTime").isNull()).isTrue();
    assertThat(events.get("deprecatedFirstTimestamp").isNull()).isTrue();
  }

  @Test
  @DisplayName("the official Java client reads an events.k8s.io/v1 Event without eventTime (it requires the field)")
  void officialClient() throws Exception {
    EventsV1Event e = new EventsV1Api(server.officialClient()).readNamespacedEvent("legacy", "default").execute();
    assertThat(e.getEventTime()).isNull();
    assertThat(e.getRegarding().getName()).isEqualTo("settings");
    assertThat(new EventsV1Api(server.officialClient()).listNamespacedEvent("default").execute().getItems()).hasSize(1);
  }
}
