package dev.customapiserver.admission.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.WebhookServer;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The webhook plugins in the server's admission chain, through the REST layer: what an HTTP client sees. */
@DisplayName("Admission webhooks through the REST layer")
class WebhookAdmissionRestTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String VALIDATING = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
  static final String MUTATING = "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations";
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/%s/foos";
  TestServer server;
  WebhookServer webhook;

  @BeforeEach
  void start() throws Exception {
    webhook = new WebhookServer();
    List<ApiGroupModule> modules = ServiceLoader.load(ApiGroupModule.class).stream().map(ServiceLoader.Provider::get).toList();
    server = TestServer.withAdmission(modules, new MemoryStorageBackend(), PluginSelection.DEFAULT);
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    webhook.close();
  }

  String configuration(String kind, String name, String path, String operations, String extra) {
    return "{\"apiVersion\":\"admissionregistration.k8s.io/v1\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\"" + name
        + "\"},\"webhooks\":[{\"name\":\"" + name + ".example.com\",\"clientConfig\":{\"url\":\"" + webhook.url(path)
        + "\",\"caBundle\":\"" + webhook.caBundle() + "\"},\"rules\":[{\"apiGroups\":[\"hello.zeng.dev\"],\"apiVersions\":[\"*\"],"
        + "\"operations\":[" + operations + "],\"resources\":[\"foos\"]}],\"sideEffects\":\"None\","
        + "\"admissionReviewVersions\":[\"v1\"]" + extra + "}]}";
  }

  HttpResponse<String> created(String path, String body) throws Exception {
    HttpResponse<String> r = server.send("POST", path, body);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return r;
  }

  static String foo(String name, String msg) {
    return "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"config\":{\"msg\":\"" + msg + "\"}}}";
  }

  @Test
  @DisplayName("a denial is a 403 Status; warnings arrive as Warning: 299 headers")
  void denialAndWarnings() throws Exception {
    webhook.on("/v", review -> review.at("/request/object/spec/config/msg").asText().equals("bad")
        ? WebhookServer.deny(review, "bad msg", 0)
        : WebhookServer.warn(WebhookServer.allow(review), "looked at \"" + review.at("/request/name").asText() + "\""));
    created(VALIDATING, configuration("ValidatingWebhookConfiguration", "v", "/v", "\"CREATE\"", ""));
    HttpResponse<String> denied = server.send("POST", FOOS.formatted("default"), foo("x", "bad"));
    assertThat(denied.statusCode()).isEqualTo(403);
    JsonNode s = JSON.readTree(denied.body());
    assertThat(s.at("/reason").asText()).isEqualTo("Forbidden");
    assertThat(s.at("/message").asText())
        .isEqualTo("foos.hello.zeng.dev \"x\" is forbidden: admission webhook \"v.example.com\" denied the request: bad msg");
    assertThat(s.at("/details/kind").asText()).isEqualTo("foos");
    HttpResponse<String> ok = created(FOOS.formatted("default"), foo("y", "good"));
    assertThat(ok.headers().allValues("Warning")).containsExactly("299 - \"looked at \\\"y\\\"\"");
    assertThat(server.send("GET", FOOS.formatted("default") + "/x", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("a mutating webhook's patch is in the stored object; the webhook sees UPDATE with the old object")
  void mutationStored() throws Exception {
    webhook.on("/m", review -> WebhookServer.patch(review,
        "[{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\"" + review.at("/request/operation").asText() + "d\"}]"));
    created(MUTATING, configuration("MutatingWebhookConfiguration", "m", "/m", "\"CREATE\",\"UPDATE\"", ""));
    created(FOOS.formatted("default"), foo("z", "original"));
    JsonNode stored = JSON.readTree(server.send("GET", FOOS.formatted("default") + "/z", null).body());
    assertThat(stored.at("/spec/config/msg").asText()).isEqualTo("CREATEd");
    HttpResponse<String> patched = server.send("PATCH", FOOS.formatted("default") + "/z",
        "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}", "Content-Type", "application/merge-patch+json");
    assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
    assertThat(JSON.readTree(patched.body()).at("/spec/config/msg").asText()).isEqualTo("UPDATEd");
    JsonNode update = webhook.received("/m").get(1).get("request");
    assertThat(update.at("/operation").asText()).isEqualTo("UPDATE");
    assertThat(update.at("/oldObject/spec/config/msg").asText()).isEqualTo("CREATEd");
    assertThat(update.at("/object/metadata/labels/a").asText()).isEqualTo("b");
  }

  @Test
  @DisplayName("namespaceSelector matches the labels of namespaces created through the API")
  void namespaceSelector() throws Exception {
    webhook.on("/ns", review -> WebhookServer.deny(review, "prod is frozen", 0));
    created("/api/v1/namespaces", "{\"metadata\":{\"name\":\"prod\",\"labels\":{\"env\":\"prod\"}}}");
    created("/api/v1/namespaces", "{\"metadata\":{\"name\":\"dev\",\"labels\":{\"env\":\"dev\"}}}");
    created(VALIDATING, configuration("ValidatingWebhookConfiguration", "ns", "/ns", "\"*\"",
        ",\"namespaceSelector\":{\"matchLabels\":{\"env\":\"prod\"}}"));
    assertThat(server.send("POST", FOOS.formatted("prod"), foo("a", "m")).statusCode()).isEqualTo(403);
    created(FOOS.formatted("dev"), foo("a", "m"));
  }

  @Test
  @DisplayName("a DELETE is sent with the old object; a dry-run create reaches the webhook with dryRun and stores nothing")
  void deleteAndDryRun() throws Exception {
    webhook.on("/d", WebhookServer::allow);
    created(VALIDATING, configuration("ValidatingWebhookConfiguration", "d", "/d", "\"CREATE\",\"DELETE\"", ""));
    created(FOOS.formatted("default") + "?dryRun=All", foo("dry", "m"));
    assertThat(webhook.received("/d").get(0).at("/request/dryRun").asBoolean()).isTrue();
    assertThat(server.send("GET", FOOS.formatted("default") + "/dry", null).statusCode()).isEqualTo(404);
    created(FOOS.formatted("default"), foo("gone", "m"));
    assertThat(server.send("DELETE", FOOS.formatted("default") + "/gone", null).statusCode()).isEqualTo(200);
    JsonNode delete = webhook.received("/d").get(2).get("request");
    assertThat(delete.at("/operation").asText()).isEqualTo("DELETE");
    assertThat(delete.at("/oldObject/metadata/name").asText()).isEqualTo("gone");
    assertThat(delete.at("/object").isNull()).isTrue();
    assertThat(delete.at("/options/kind").asText()).isEqualTo("DeleteOptions");
  }
}
