package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.config.Option;
import dev.customapiserver.testing.PrometheusText;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("/metrics: kube's admission, watch event size and audit metrics")
class AdmissionAuditMetricsTest {
  @TempDir Path dir;

  @Test
  @DisplayName("admission steps and controllers are timed with rejected=true|false, watch events are sized, audit "
      + "events and the log's failures are counted")
  void admissionWatchSizesAudit() throws Exception {
    Path policy = Files.writeString(dir.resolve("policy.yaml"),
        "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n");
    Path unwritable = Files.createDirectories(dir.resolve("audit-is-a-directory"));
    try (RunningApiServer s = ApiServerBuilder.create().flag(Option.AUDIT_POLICY_FILE, policy.toString())
            .flag(Option.AUDIT_LOG_PATH, unwritable.toString()).start();
        KubernetesClient c = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(s.kubeconfigYaml())).build()) {
      c.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("m").endMetadata().build()).create();
      var watched = new java.util.concurrent.LinkedBlockingQueue<String>();
      try (var w = c.configMaps().inNamespace("m").watch(new io.fabric8.kubernetes.client.Watcher<>() {
        @Override
        public void eventReceived(Action action, io.fabric8.kubernetes.api.model.ConfigMap cm) {
          watched.add(action.name());
        }

        @Override
        public void onClose(io.fabric8.kubernetes.client.WatcherException e) {}
      })) {
        c.configMaps().inNamespace("m").resource(new ConfigMapBuilder().withNewMetadata().withName("cm").endMetadata()
            .withData(Map.of("k", "v".repeat(2000))).build()).create();
        assertThat(watched.poll(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("ADDED");
      }
      var foos = new java.util.concurrent.LinkedBlockingQueue<String>();
      var fooType = new io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext.Builder().withGroup("hello.zeng.dev")
          .withVersion("v2").withKind("Foo").withPlural("foos").withNamespaced(true).build();
      try (var w = c.genericKubernetesResources(fooType).inNamespace("m").watch(new io.fabric8.kubernetes.client.Watcher<>() {
        @Override
        public void eventReceived(Action action, io.fabric8.kubernetes.api.model.GenericKubernetesResource foo) {
          foos.add(action.name());
        }

        @Override
        public void onClose(io.fabric8.kubernetes.client.WatcherException e) {}
      })) {
        c.genericKubernetesResources(fooType).inNamespace("m").resource(new io.fabric8.kubernetes.api.model
            .GenericKubernetesResourceBuilder().withApiVersion("hello.zeng.dev/v2").withKind("Foo").withNewMetadata()
            .withName("f").endMetadata().withAdditionalProperties(Map.of("spec", Map.of("image", "x", "config",
                Map.of("msg", "hi")))).build()).create();
        assertThat(foos.poll(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("ADDED");
      }
      KubernetesClientException refused = org.assertj.core.api.Assertions.catchThrowableOfType(
          () -> c.configMaps().inNamespace("absent").resource(new ConfigMapBuilder().withNewMetadata().withName("x")
              .endMetadata().build()).create(), KubernetesClientException.class);
      assertThat(refused.getCode()).isEqualTo(404);

      PrometheusText m = PrometheusText.parse(c.raw("/metrics"), false);
      assertThat(m.type("apiserver_admission_step_admission_duration_seconds")).contains("histogram");
      assertThat(m.samples("apiserver_admission_step_admission_duration_seconds_bucket", "type", "validate",
          "operation", "CREATE", "rejected", "false")).extracting(x -> x.labels().get("le"))
          .containsExactly("0.005", "0.025", "0.1", "0.5", "1.0", "2.5", "+Inf");
      assertThat(m.sum("apiserver_admission_step_admission_duration_seconds_count", "type", "admit", "operation", "CREATE",
          "rejected", "false")).isGreaterThanOrEqualTo(2);
      assertThat(m.sum("apiserver_admission_controller_admission_duration_seconds_count", "name", "NamespaceLifecycle",
          "type", "admit", "operation", "CREATE", "rejected", "false")).isGreaterThanOrEqualTo(1);
      assertThat(m.sum("apiserver_admission_controller_admission_duration_seconds_count", "name", "NamespaceLifecycle",
          "operation", "CREATE", "rejected", "true")).as("the create in a missing namespace").isEqualTo(1);
      assertThat(m.sum("apiserver_admission_step_admission_duration_seconds_count", "operation", "CREATE",
          "rejected", "true")).isEqualTo(1);

      assertThat(m.samples("apiserver_watch_events_sizes_bucket", "group", "", "version", "v1", "resource", "configmaps"))
          .extracting(x -> x.labels().get("le"))
          .containsExactly("1024.0", "2048.0", "4096.0", "8192.0", "16384.0", "32768.0", "65536.0", "131072.0", "+Inf");
      assertThat(m.sum("apiserver_watch_events_sizes_bucket", "resource", "configmaps", "le", "1024.0"))
          .as("the event carries 2000 bytes of data").isZero();
      assertThat(m.sum("apiserver_watch_events_sizes_count", "resource", "configmaps")).isGreaterThanOrEqualTo(1);
      assertThat(m.sum("apiserver_watch_events_total", "group", "", "version", "v1", "resource", "configmaps"))
          .as("counted where sizes are: per event sent to a client").isEqualTo(
              m.sum("apiserver_watch_events_sizes_count", "resource", "configmaps"));
      assertThat(m.sum("apiserver_watch_events_total", "group", "hello.zeng.dev", "version", "v2", "resource", "foos"))
          .as("a module's group counts too").isGreaterThanOrEqualTo(1);
      assertThat(m.sum("apiserver_watch_events_sizes_count", "group", "hello.zeng.dev", "resource", "foos"))
          .isGreaterThanOrEqualTo(1);
      assertThat(m.samples("apiserver_storage_objects", "resource", "foos.hello.zeng.dev")).as("resource.group as kube")
          .isNotEmpty();
      assertThat(m.samples("apiserver_storage_objects", "resource", "configmaps")).isNotEmpty();

      assertThat(m.sum("apiserver_audit_event_total")).isGreaterThanOrEqualTo(4);
      assertThat(m.sum("apiserver_audit_error_total", "plugin", "log"))
          .as("the audit log path is a directory: every event fails").isEqualTo(m.sum("apiserver_audit_event_total"));
    }
  }
}
