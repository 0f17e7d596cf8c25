package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.testing.CronTabConversion;
import dev.customapiserver.testing.WebhookServer;
import dev.customapiserver.webhookclient.WebhookTransport;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Conversion webhooks: ConversionReviews over HTTPS, answers checked as kube-apiserver checks them")
class ConversionWebhookTest {
  static final ObjectMapper JSON = new Codecs().json();
  static WebhookServer hook;
  static final WebhookTransport TRANSPORT = new WebhookTransport();

  @BeforeAll
  static void start() throws Exception {
    hook = new WebhookServer().on("/convert", new CronTabConversion());
  }

  @AfterAll
  static void stop() {
    hook.close();
  }

  static ConversionWebhook webhook(String path, String... reviewVersions) {
    ObjectNode w = JSON.createObjectNode();
    w.putObject("clientConfig").put("url", hook.url(path)).put("caBundle", hook.caBundle());
    var versions = w.putArray("conversionReviewVersions");
    for (String v : reviewVersions) {
      versions.add(v);
    }
    return new ConversionWebhook(w, JSON, TRANSPORT);
  }

  static Unstructured cronTab(String apiVersion, String name, String field) throws Exception {
    return JSON.readValue("""
        {"apiVersion":"%s","kind":"CronTab","metadata":{"name":"%s","namespace":"default","uid":"u-%2$s",
         "resourceVersion":"7","labels":{"app":"cron"}},"spec":{"%s":"* * * * */5","image":"img"}}
        """.formatted(apiVersion, name, field), Unstructured.class);
  }

  static String message(Runnable r) {
    try {
      r.run();
    } catch (ApiException e) {
      assertThat(e.code()).isEqualTo(500);
      assertThat(e.status().reason).isNull();
      return e.status().message;
    }
    throw new AssertionError("no failure");
  }

  @Test
  @DisplayName("an object is sent in a v1 ConversionReview and comes back in the desired version, its metadata kept")
  void convertsOne() throws Exception {
    int before = hook.received("/convert").size();
    List<Unstructured> out = webhook("/convert", "v1").convert(List.of(cronTab("stable.example.com/v1beta1", "a", "cronSpec")),
        "stable.example.com/v1");
    assertThat(out.get(0).apiVersion).isEqualTo("stable.example.com/v1");
    assertThat(out.get(0).get("spec").path("schedule").asText()).isEqualTo("* * * * */5");
    assertThat(out.get(0).get("spec").has("cronSpec")).isFalse();
    assertThat(out.get(0).metadata().resourceVersion).isEqualTo("7");
    JsonNode review = hook.received("/convert").get(before);
    assertThat(review.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1");
    assertThat(review.path("kind").asText()).isEqualTo("ConversionReview");
    assertThat(review.at("/request/desiredAPIVersion").asText()).isEqualTo("stable.example.com/v1");
    assertThat(review.at("/request/uid").asText()).isNotEmpty();
    assertThat(review.at("/request/objects/0/spec/cronSpec").asText()).isEqualTo("* * * * */5");
  }

  @Test
  @DisplayName("a list is converted in one review holding only the objects not yet in the desired version, in order")
  void convertsAList() throws Exception {
    int before = hook.received("/convert").size();
    List<Unstructured> out = webhook("/convert", "v1").convert(List.of(cronTab("stable.example.com/v1", "a", "schedule"),
        cronTab("stable.example.com/v1beta1", "b", "schedule"), cronTab("stable.example.com/v1", "c", "schedule")),
        "stable.example.com/v1beta1");
    assertThat(out).extracting(u -> u.metadata().name).containsExactly("a", "b", "c");
    assertThat(out).allSatisfy(u -> assertThat(u.get("spec").has("cronSpec") || u.metadata().name.equals("b")).isTrue());
    assertThat(hook.received("/convert")).hasSize(before + 1);
    assertThat(hook.received("/convert").get(before).at("/request/objects").size()).isEqualTo(2);
  }

  @Test
  @DisplayName("objects already in the desired version are copied without calling the webhook")
  void noCallWhenNothingToConvert() throws Exception {
    int before = hook.received("/convert").size();
    List<Unstructured> out = webhook("/convert", "v1").convert(List.of(cronTab("stable.example.com/v1", "a", "schedule")),
        "stable.example.com/v1");
    assertThat(out.get(0).get("spec").path("schedule").asText()).isEqualTo("* * * * */5");
    assertThat(hook.received("/convert")).hasSize(before);
  }

  @Test
  @DisplayName("the first ConversionReview version the server knows is used: v1beta1 when listed first")
  void reviewVersion() throws Exception {
    int before = hook.received("/convert").size();
    webhook("/convert", "v2", "v1beta1", "v1").convert(List.of(cronTab("stable.example.com/v1beta1", "a", "cronSpec")),
        "stable.example.com/v1");
    assertThat(hook.received("/convert").get(before).path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1beta1");
  }

  @Test
  @DisplayName("a failed conversion is a 500 with the webhook's message, named by the source version and kind")
  void failure() throws Exception {
    hook.on("/fail", r -> CronTabConversion.failure(r, "cronSpec is not a cron expression"));
    Unstructured in = cronTab("stable.example.com/v1beta1", "a", "cronSpec");
    assertThat(message(() -> webhook("/fail", "v1").convert(List.of(in), "stable.example.com/v1")))
        .isEqualTo("conversion webhook for stable.example.com/v1beta1, Kind=CronTab failed: cronSpec is not a cron expression");
  }

  @Test
  @DisplayName("an unreachable webhook: Go's wording of the refused connection")
  void unreachable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ObjectNode w = JSON.createObjectNode();
    w.putObject("clientConfig").put("url", "https://127.0.0.1:" + port + "/convert").put("caBundle", hook.caBundle());
    w.putArray("conversionReviewVersions").add("v1");
    ConversionWebhook webhook = new ConversionWebhook(w, JSON, TRANSPORT);
    Unstructured in = cronTab("stable.example.com/v1", "a", "schedule");
    assertThat(message(() -> webhook.convert(List.of(in), "stable.example.com/v1beta1")))
        .isEqualTo("conversion webhook for stable.example.com/v1, Kind=CronTab failed: Post \"https://127.0.0.1:" + port
            + "/convert?timeout=30s\": dial tcp 127.0.0.1:" + port + ": connect: connection refused");
  }

  @Test
  @DisplayName("a certificate not signed by the caBundle is refused")
  void untrusted() throws Exception {
    ObjectNode w = JSON.createObjectNode();
    w.putObject("clientConfig").put("url", hook.url("/convert"));
    w.putArray("conversionReviewVersions").add("v1");
    ConversionWebhook webhook = new ConversionWebhook(w, JSON, TRANSPORT);
    Unstructured in = cronTab("stable.example.com/v1", "a", "schedule");
    assertThat(message(() -> webhook.convert(List.of(in), "stable.example.com/v1beta1")))
        .endsWith("tls: failed to verify certificate: x509: certificate signed by unknown authority");
  }

  static String answeredWith(String path, Function<ObjectNode, ObjectNode> change) throws Exception {
    hook.on(path, r -> {
      ObjectNode answer = new CronTabConversion().apply(r);
      return change.apply(answer);
    });
    Unstructured in = cronTab("stable.example.com/v1beta1", "a", "cronSpec");
    return message(() -> webhook(path, "v1").convert(List.of(in), "stable.example.com/v1"));
  }

  static ObjectNode first(ObjectNode answer) {
    return (ObjectNode) answer.at("/response/convertedObjects/0");
  }

  @Test
  @DisplayName("answers that do not fit are refused with kube's wording")
  void wrongAnswers() throws Exception {
    String p = "conversion webhook for stable.example.com/v1beta1, Kind=CronTab ";
    assertThat(answeredWith("/rename", a -> {
      ((ObjectNode) first(a).get("metadata")).put("name", "b");
      return a;
    })).isEqualTo(p + "returned invalid object: must have the same name: a != b");
    assertThat(answeredWith("/version", a -> {
      first(a).put("apiVersion", "stable.example.com/v2");
      return a;
    })).isEqualTo(p + "returned invalid object at index 0: invalid groupVersion (expected stable.example.com/v1, "
        + "received stable.example.com/v2)");
    assertThat(answeredWith("/kind", a -> {
      first(a).put("kind", "CronJob");
      return a;
    })).isEqualTo(p + "returned invalid object at index 0: invalid kind (expected CronTab, received CronJob)");
    assertThat(answeredWith("/uid", a -> {
      ((ObjectNode) a.get("response")).put("uid", "other");
      return a;
    })).startsWith(p + "failed: expected response.uid=\"").endsWith("\", got \"other\"");
    assertThat(answeredWith("/count", a -> {
      ((ObjectNode) a.get("response")).putArray("convertedObjects");
      return a;
    })).isEqualTo(p + "returned 0 objects, expected 1");
    assertThat(answeredWith("/review", a -> a.put("kind", "AdmissionReview")))
        .isEqualTo(p + "failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got "
            + "apiextensions.k8s.io/v1, Kind=AdmissionReview");
    assertThat(answeredWith("/label", a -> {
      ((ObjectNode) first(a).get("metadata")).putObject("labels").put("app", "-bad-");
      return a;
    })).startsWith(p + "returned invalid metadata: metadata.labels: Invalid value: \"-bad-\"");
  }

  @Test
  @DisplayName("metadata changes other than labels and annotations are undone; new labels and annotations are kept")
  void metadataRestored() throws Exception {
    hook.on("/meta", r -> {
      ObjectNode answer = new CronTabConversion().apply(r);
      ObjectNode m = (ObjectNode) first(answer).get("metadata");
      m.put("resourceVersion", "999").put("generation", 42);
      m.putObject("labels").put("converted", "yes");
      m.putObject("annotations").put("example.com/from", "v1beta1");
      return answer;
    });
    Unstructured out = webhook("/meta", "v1").convert(List.of(cronTab("stable.example.com/v1beta1", "a", "cronSpec")),
        "stable.example.com/v1").get(0);
    assertThat(out.metadata().resourceVersion).isEqualTo("7");
    assertThat(out.metadata().generation).isNull();
    assertThat(out.metadata().labels).isEqualTo(Map.of("converted", "yes"));
    assertThat(out.metadata().annotations).isEqualTo(Map.of("example.com/from", "v1beta1"));
  }
}
