package dev.customapiserver.groups.admissionregistration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("admissionregistration.k8s.io/v1 webhook configurations through the REST layer")
class WebhookConfigurationRestTest {
  static final String VALIDATING = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";
  static final String MUTATING = "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations";
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static String hook(String name, String extra) {
    return "{\"name\":\"" + name + "\",\"clientConfig\":{\"url\":\"https://127.0.0.1:8443/validate\"},"
        + "\"rules\":[{\"apiGroups\":[\"hello.zeng.dev\"],\"apiVersions\":[\"*\"],\"operations\":[\"CREATE\"],"
        + "\"resources\":[\"foos\"]}],\"sideEffects\":\"None\",\"admissionReviewVersions\":[\"v1\"]" + extra + "}";
  }

  static String config(String kind, String name, String... hooks) {
    return "{\"apiVersion\":\"admissionregistration.k8s.io/v1\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\"" + name
        + "\"},\"webhooks\":[" + String.join(",", hooks) + "]}";
  }

  @Test
  @DisplayName("a created configuration gets kube-apiserver's defaults")
  void defaults() throws Exception {
    HttpResponse<String> r = server.send("POST", MUTATING, config("MutatingWebhookConfiguration", "defaults",
        hook("defaults.example.com", "")));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode w = JSON.readTree(r.body()).at("/webhooks/0");
    assertThat(w.at("/failurePolicy").asText()).isEqualTo("Fail");
    assertThat(w.at("/matchPolicy").asText()).isEqualTo("Equivalent");
    assertThat(w.at("/timeoutSeconds").asInt()).isEqualTo(10);
    assertThat(w.at("/reinvocationPolicy").asText()).isEqualTo("Never");
    assertThat(w.at("/rules/0/scope").asText()).isEqualTo("*");
    assertThat(w.at("/namespaceSelector").toString()).isEqualTo("{}");
    assertThat(w.at("/objectSelector").toString()).isEqualTo("{}");
  }

  @Test
  @DisplayName("a validating configuration refuses reinvocationPolicy as an unknown field under strict validation")
  void validatingHasNoReinvocationPolicy() throws Exception {
    HttpResponse<String> r = server.send("POST", VALIDATING + "?fieldValidation=Strict",
        config("ValidatingWebhookConfiguration", "strict", hook("strict.example.com", ",\"reinvocationPolicy\":\"Never\"")));
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).at("/message").asText()).contains("unknown field \"webhooks[0].reinvocationPolicy\"");
  }

  @Test
  @DisplayName("invalid webhooks are 422 with kube-apiserver's paths and messages")
  void validation() throws Exception {
    String bad = "{\"name\":\"short.name\",\"clientConfig\":{\"url\":\"http://example.com/x?a=b\"},"
        + "\"rules\":[{\"apiGroups\":[\"*\",\"apps\"],\"apiVersions\":[\"v1\"],\"operations\":[\"PATCH\"],"
        + "\"resources\":[\"*/*\",\"foos\"],\"scope\":\"Galaxy\"}],\"timeoutSeconds\":31,\"failurePolicy\":\"Maybe\","
        + "\"admissionReviewVersions\":[\"v1beta1\"],"
        + "\"namespaceSelector\":{\"matchExpressions\":[{\"key\":\"team\",\"operator\":\"In\"}]}}";
    HttpResponse<String> r = server.send("POST", VALIDATING, config("ValidatingWebhookConfiguration", "bad", bad));
    assertThat(r.statusCode()).isEqualTo(422);
    List<String> causes = new ArrayList<>();
    JSON.readTree(r.body()).at("/details/causes").forEach(c -> causes.add(c.at("/field").asText() + ": " + c.at("/message").asText()));
    assertThat(causes).contains(
        "webhooks[0].name: Invalid value: \"short.name\": should be a domain with at least three segments separated by dots",
        "webhooks[0].rules[0].operations[0]: Unsupported value: \"PATCH\": supported values: \"*\", \"CONNECT\", \"CREATE\", \"DELETE\", \"UPDATE\"",
        "webhooks[0].rules[0].apiGroups: Invalid value: []string{\"*\", \"apps\"}: if '*' is present, must not specify other API groups",
        "webhooks[0].rules[0].resources: Invalid value: []string{\"*/*\", \"foos\"}: if '*/*' is present, must not specify other resources",
        "webhooks[0].rules[0].scope: Unsupported value: \"Galaxy\": supported values: \"*\", \"Cluster\", \"Namespaced\"",
        "webhooks[0].failurePolicy: Unsupported value: \"Maybe\": supported values: \"Fail\", \"Ignore\"",
        "webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun",
        "webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds",
        "webhooks[0].namespaceSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
        "webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
        "webhooks[0].clientConfig.url: Invalid value: \"a=b\": query parameters are not permitted in the URL",
        "webhooks[0].admissionReviewVersions: Invalid value: []string{\"v1beta1\"}: must include at least one of v1");
    assertThat(JSON.readTree(r.body()).at("/message").asText())
        .startsWith("ValidatingWebhookConfiguration.admissionregistration.k8s.io \"bad\" is invalid: [");
  }

  @Test
  @DisplayName("clientConfig needs exactly one of url and service; webhook names are unique")
  void clientConfigAndDuplicates() throws Exception {
    String both = "{\"name\":\"a.example.com\",\"clientConfig\":{\"url\":\"https://x.example.com\",\"service\":{\"namespace\":\"ns\","
        + "\"name\":\"svc\"}},\"sideEffects\":\"None\",\"admissionReviewVersions\":[\"v1\"]}";
    HttpResponse<String> r = server.send("POST", VALIDATING, config("ValidatingWebhookConfiguration", "dup", both,
        hook("a.example.com", "")));
    assertThat(r.statusCode()).isEqualTo(422);
    String message = JSON.readTree(r.body()).at("/message").asText();
    assertThat(message).contains("webhooks[0].clientConfig: Required value: exactly one of url or service is required")
        .contains("webhooks[1].name: Duplicate value: \"a.example.com\"");
  }

  @Test
  @DisplayName("kubectl get shows NAME, WEBHOOKS and AGE")
  void table() throws Exception {
    server.send("POST", VALIDATING, config("ValidatingWebhookConfiguration", "two", hook("one.example.com", ""),
        hook("two.example.com", "")));
    HttpResponse<String> r = server.send("GET", VALIDATING + "/two", null,
        "Accept", "application/json;as=Table;v=v1;g=meta.k8s.io");
    JsonNode t = JSON.readTree(r.body());
    assertThat(t.at("/columnDefinitions").findValuesAsText("name")).containsExactly("Name", "Webhooks", "Age");
    assertThat(t.at("/rows/0/cells/1").asInt()).isEqualTo(2);
  }
}
