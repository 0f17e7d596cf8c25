package dev.customapiserver.admission.corecluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.testing.KubeApiserverStandIn;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.WebhookServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Admission with a core cluster (the server's {@code --kubeconfig}): NamespaceLifecycle and the
 * webhook plugins read the stand-in kube-apiserver's Namespaces and webhook configurations, not the
 * server's own, through the REST layer.
 */
@DisplayName("Admission against the core cluster (--kubeconfig)")
class CoreClusterAdmissionTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/%s/foos";
  static final String VALIDATING = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
  @TempDir static Path dir;
  static KubeApiserverStandIn cluster;
  static WebhookServer webhook;
  static TestServer server;
  static final List<CoreClusterListers> opened = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    cluster = new KubeApiserverStandIn();
    cluster.namespace("default");
    cluster.namespace("team-a");
    webhook = new WebhookServer();
    webhook.on("/core", r -> r.at("/request/object/spec/config/msg").asText().equals("bad")
        ? WebhookServer.deny(r, "the core cluster's webhook says no", 0) : WebhookServer.allow(r));
    webhook.on("/local", r -> WebhookServer.deny(r, "the local webhook says no", 0));
    cluster.webhookConfiguration(validating("core", "/core"));
    ClusterClient client = ClusterClient.of(cluster.kubeconfig(dir, "core", KubeApiserverStandIn.CALLER_TOKEN),
        Duration.ofSeconds(10));
    List<ApiGroupModule> modules = ServiceLoader.load(ApiGroupModule.class).stream().map(ServiceLoader.Provider::get).toList();
    server = TestServer.withAdmission(modules, new MemoryStorageBackend(), PluginSelection.DEFAULT, (scheme, local) -> {
      CoreClusterListers l = new CoreClusterListers(local, client, scheme, new dev.customapiserver.runtime.Codecs().json(), Duration.ofSeconds(10));
      opened.add(l);
      return l;
    });
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    opened.forEach(CoreClusterListers::close);
    webhook.close();
    cluster.close();
  }

  static String foo(String name, String msg) {
    return "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"config\":{\"msg\":\"" + msg + "\"}}}";
  }

  static String validating(String name, String path) {
    return "{\"apiVersion\":\"admissionregistration.k8s.io/v1\",\"kind\":\"ValidatingWebhookConfiguration\",\"metadata\":"
        + "{\"name\":\"" + name + "\"},\"webhooks\":[{\"name\":\"" + name + ".example.com\",\"clientConfig\":{\"url\":\""
        + webhook.url(path) + "\",\"caBundle\":\"" + webhook.caBundle() + "\"},\"rules\":[{\"apiGroups\":[\"hello.zeng.dev\"],"
        + "\"apiVersions\":[\"*\"],\"operations\":[\"CREATE\"],\"resources\":[\"foos\"],\"scope\":\"*\"}],"
        + "\"failurePolicy\":\"Fail\",\"matchPolicy\":\"Equivalent\",\"namespaceSelector\":{},\"objectSelector\":{},"
        + "\"sideEffects\":\"None\",\"timeoutSeconds\":10,\"admissionReviewVersions\":[\"v1\"]}]}";
  }

  @Test
  @DisplayName("a Foo in a namespace of the core cluster is created, though this server has no such Namespace")
  void namespaceOfTheCluster() throws Exception {
    assertThat(server.send("GET", "/api/v1/namespaces/team-a", null).statusCode()).isEqualTo(404);
    HttpResponse<String> r = server.send("POST", FOOS.formatted("team-a"), foo("a", "hi"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  @Test
  @DisplayName("a Foo in a namespace only this server has is refused as kube refuses it: 404 namespaces \"x\" not found")
  void namespaceOnlyLocal() throws Exception {
    HttpResponse<String> ns = server.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"local-only\"}}");
    assertThat(ns.statusCode()).as(ns.body()).isEqualTo(201);
    HttpResponse<String> r = server.send("POST", FOOS.formatted("local-only"), foo("a", "hi"));
    assertThat(r.statusCode()).isEqualTo(404);
    JsonNode s = JSON.readTree(r.body());
    assertThat(s.at("/reason").asText()).isEqualTo("NotFound");
    assertThat(s.at("/message").asText()).isEqualTo("namespaces \"local-only\" not found");
    assertThat(s.at("/details/kind").asText()).isEqualTo("namespaces");
  }

  @Test
  @DisplayName("a namespace created in the core cluster a moment ago is found (the informer, else a live lookup)")
  void freshNamespace() throws Exception {
    cluster.namespace("fresh");
    HttpResponse<String> r = server.send("POST", FOOS.formatted("fresh"), foo("a", "hi"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  @Test
  @DisplayName("a namespace Terminating in the core cluster takes no new content: 403 with the NamespaceTerminating cause")
  void terminating() throws Exception {
    cluster.namespace("leaving");
    cluster.namespacePhase("leaving", "Terminating");
    HttpResponse<String> r = server.send("POST", FOOS.formatted("leaving"), foo("a", "hi"));
    assertThat(r.statusCode()).isEqualTo(403);
    JsonNode s = JSON.readTree(r.body());
    assertThat(s.at("/message").asText()).isEqualTo("foos.hello.zeng.dev \"a\" is forbidden: unable to create new content in "
        + "namespace leaving because it is being terminated");
    assertThat(s.at("/details/causes/0/reason").asText()).isEqualTo("NamespaceTerminating");
  }

  @Test
  @DisplayName("webhook configurations come from the core cluster; one created in this server is not called")
  void webhooksOfTheCluster() throws Exception {
    HttpResponse<String> local = server.send("POST", VALIDATING, validating("local", "/local"));
    assertThat(local.statusCode()).as(local.body()).isEqualTo(201);
    HttpResponse<String> denied = server.send("POST", FOOS.formatted("default"), foo("w-bad", "bad"));
    assertThat(denied.statusCode()).isEqualTo(403);
    assertThat(JSON.readTree(denied.body()).at("/message").asText())
        .endsWith("admission webhook \"core.example.com\" denied the request: the core cluster's webhook says no");
    HttpResponse<String> ok = server.send("POST", FOOS.formatted("default"), foo("w-good", "good"));
    assertThat(ok.statusCode()).as(ok.body()).isEqualTo(201);
    assertThat(webhook.received("/local")).isEmpty();
  }
}
