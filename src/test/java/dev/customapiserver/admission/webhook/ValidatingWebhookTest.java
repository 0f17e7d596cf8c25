package dev.customapiserver.admission.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhook;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.GroupVersionKind;
import dev.customapiserver.testing.WebhookServer;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ValidatingAdmissionWebhook against a real HTTPS webhook")
class ValidatingWebhookTest {
  WebhookFixture f;

  @BeforeEach
  void start() throws Exception {
    f = new WebhookFixture();
  }

  @AfterEach
  void stop() {
    f.close();
  }

  @Test
  @DisplayName("an allowing webhook is sent an AdmissionReview v1 describing the request")
  void allowedReview() {
    f.server.on("/ok", WebhookServer::allow);
    f.validating("ok", f.validatingHook("ok.example.com", "/ok"));
    f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false));
    JsonNode review = f.server.received("/ok").get(0);
    assertThat(review.at("/apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
    JsonNode r = review.get("request");
    assertThat(r.at("/uid").asText()).isNotEmpty();
    assertThat(r.at("/kind").toString()).isEqualTo("{\"group\":\"hello.zeng.dev\",\"version\":\"v2\",\"kind\":\"Foo\"}");
    assertThat(r.at("/resource").toString()).isEqualTo("{\"group\":\"hello.zeng.dev\",\"version\":\"v2\",\"resource\":\"foos\"}");
    assertThat(r.at("/requestKind/version").asText()).isEqualTo("v2");
    assertThat(r.at("/name").asText()).isEqualTo("hello");
    assertThat(r.at("/namespace").asText()).isEqualTo("team-a");
    assertThat(r.at("/operation").asText()).isEqualTo("CREATE");
    assertThat(r.at("/userInfo/username").asText()).isEqualTo("alice");
    assertThat(r.at("/userInfo/groups/0").asText()).isEqualTo("devs");
    assertThat(r.at("/object/apiVersion").asText()).isEqualTo("hello.zeng.dev/v2");
    assertThat(r.at("/object/spec/config/msg").asText()).isEqualTo("hi");
    assertThat(r.at("/oldObject").isNull()).isTrue();
    assertThat(r.at("/dryRun").asBoolean()).isFalse();
    assertThat(r.at("/options/kind").asText()).isEqualTo("CreateOptions");
  }

  @Test
  @DisplayName("a denial is 403 Forbidden worded as kube-apiserver words it")
  void denied() {
    f.server.on("/deny", review -> WebhookServer.deny(review, "no hello today", 0));
    f.validating("deny", f.validatingHook("deny.example.com", "/deny"));
    ApiException e = catchThrowableOfType(ApiException.class,
        () -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false)));
    assertThat(e.code()).isEqualTo(403);
    assertThat(e.reason()).isEqualTo("Forbidden");
    assertThat(e.getMessage()).isEqualTo("foos.hello.zeng.dev \"hello\" is forbidden: admission webhook \"deny.example.com\" "
        + "denied the request: no hello today");
  }

  @Test
  @DisplayName("a denial keeps the code the webhook gives")
  void deniedWithCode() {
    f.server.on("/deny", review -> WebhookServer.deny(review, "too large", 413));
    f.validating("deny", f.validatingHook("deny.example.com", "/deny"));
    ApiException e = catchThrowableOfType(ApiException.class,
        () -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false)));
    assertThat(e.code()).isEqualTo(413);
  }

  @Test
  @DisplayName("a webhook that cannot be reached fails the request with failurePolicy Fail, and not with Ignore")
  void failurePolicy() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ValidatingWebhook down = f.validatingHook("down.example.com", "/down");
    down.clientConfig.url = "https://127.0.0.1:" + port + "/down";
    f.validating("down", down);
    ApiException e = catchThrowableOfType(ApiException.class,
        () -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false)));
    assertThat(e.code()).isEqualTo(500);
    assertThat(e.reason()).isEqualTo("InternalError");
    assertThat(e.getMessage()).isEqualTo("Internal error occurred: failed calling webhook \"down.example.com\": failed to call "
        + "webhook: Post \"https://127.0.0.1:" + port + "/down?timeout=10s\": dial tcp 127.0.0.1:" + port
        + ": connect: connection refused");
    down.failurePolicy = Webhook.IGNORE;
    assertThatCode(() -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false))).doesNotThrowAnyException();
  }

  @Test
  @DisplayName("a webhook answering after timeoutSeconds counts as a failure to call it")
  void timeout() {
    f.server.hang("/slow");
    ValidatingWebhook slow = f.validatingHook("slow.example.com", "/slow");
    slow.timeoutSeconds = 1;
    f.validating("slow", slow);
    ApiException e = catchThrowableOfType(ApiException.class,
        () -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false)));
    assertThat(e.getMessage()).startsWith("Internal error occurred: failed calling webhook \"slow.example.com\": failed to call webhook: Post \"")
        .endsWith("/slow?timeout=1s\": context deadline exceeded");
  }

  @Test
  @DisplayName("the webhook's certificate must be signed by its caBundle")
  void caBundleIsTheTrust() throws Exception {
    try (WebhookServer other = new WebhookServer()) {
      f.server.on("/ok", WebhookServer::allow);
      ValidatingWebhook w = f.validatingHook("trust.example.com", "/ok");
      w.clientConfig.caBundle = other.caBundle();
      f.validating("trust", w);
      ApiException e = catchThrowableOfType(ApiException.class,
          () -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false)));
      assertThat(e.getMessage()).endsWith("x509: certificate signed by unknown authority");
      assertThat(f.server.received("/ok")).isEmpty();
    }
  }

  @Test
  @DisplayName("namespaceSelector matches the labels of the request's namespace")
  void namespaceSelector() {
    f.server.on("/ns", WebhookServer::allow);
    f.namespace("team-a", Map.of("env", "prod"));
    ValidatingWebhook prod = f.validatingHook("prod.example.com", "/ns");
    prod.namespaceSelector = selector("env", "prod");
    ValidatingWebhook dev = f.validatingHook("dev.example.com", "/ns");
    dev.namespaceSelector = selector("env", "dev");
    f.validating("ns", prod, dev);
    f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false));
    assertThat(f.server.received("/ns")).hasSize(1);
  }

  @Test
  @DisplayName("objectSelector matches the object's labels")
  void objectSelector() {
    f.server.on("/obj", WebhookServer::allow);
    ValidatingWebhook w = f.validatingHook("obj.example.com", "/obj");
    w.objectSelector = selector("checked", "yes");
    f.validating("obj", w);
    f.validating.validate(f.create(WebhookFixture.foo("a", "hi", Map.of("checked", "no")), false));
    f.validating.validate(f.create(WebhookFixture.foo("b", "hi", Map.of("checked", "yes")), false));
    assertThat(f.server.received("/obj")).extracting(r -> r.at("/request/name").asText()).containsExactly("b");
  }

  @Test
  @DisplayName("a dry run reaches webhooks without side effects with dryRun true, and is refused for others")
  void dryRun() {
    f.server.on("/dry", WebhookServer::allow);
    f.validating("dry", f.validatingHook("dry.example.com", "/dry"));
    f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), true));
    JsonNode r = f.server.received("/dry").get(0).get("request");
    assertThat(r.at("/dryRun").asBoolean()).isTrue();
    assertThat(r.at("/options/dryRun/0").asText()).isEqualTo("All");
    ValidatingWebhook some = f.validatingHook("some.example.com", "/dry");
    some.sideEffects = "Some";
    f.validating("some", some);
    ApiException e = catchThrowableOfType(ApiException.class,
        () -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), true)));
    assertThat(e.code()).isEqualTo(400);
    assertThat(e.getMessage()).isEqualTo("admission webhook \"some.example.com\" does not support dry run");
  }

  @Test
  @DisplayName("warnings of allowing and denying webhooks reach the request's warnings")
  void warnings() {
    f.server.on("/warn", review -> WebhookServer.warn(WebhookServer.allow(review), "msg hi is deprecated"));
    f.validating("warn", f.validatingHook("warn.example.com", "/warn"));
    f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false));
    assertThat(f.warnings).containsExactly("msg hi is deprecated");
  }

  @Test
  @DisplayName("validating webhooks are called in parallel")
  void parallel() {
    CountDownLatch bothArrived = new CountDownLatch(2);
    f.server.on("/p", review -> {
      bothArrived.countDown();
      try {
        return bothArrived.await(20, TimeUnit.SECONDS) ? WebhookServer.allow(review)
            : WebhookServer.deny(review, "the other webhook was not called meanwhile", 0);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return WebhookServer.deny(review, "interrupted", 0);
      }
    });
    f.validating("p", f.validatingHook("a.example.com", "/p"), f.validatingHook("b.example.com", "/p"));
    assertThatCode(() -> f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false))).doesNotThrowAnyException();
    assertThat(f.server.received("/p")).hasSize(2);
  }

  @Test
  @DisplayName("matchPolicy Equivalent sends a request made in v2 converted to the v1 a rule names; Exact does not call")
  void matchPolicy() {
    f.server.on("/v1", WebhookServer::allow);
    ValidatingWebhook w = f.validatingHook("v1.example.com", "/v1");
    w.rules = List.of(WebhookFixture.rule(List.of("*"), "v1", "foos"));
    ValidatingWebhook exact = f.validatingHook("exact.example.com", "/v1");
    exact.rules = List.of(WebhookFixture.rule(List.of("*"), "v1", "foos"));
    exact.matchPolicy = Webhook.EXACT;
    f.validating("v1", w, exact);
    f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false));
    assertThat(f.server.received("/v1")).hasSize(1);
    JsonNode r = f.server.received("/v1").get(0).get("request");
    assertThat(r.at("/kind/version").asText()).isEqualTo("v1");
    assertThat(r.at("/resource/version").asText()).isEqualTo("v1");
    assertThat(r.at("/requestKind/version").asText()).isEqualTo("v2");
    assertThat(r.at("/object/apiVersion").asText()).isEqualTo("hello.zeng.dev/v1");
    assertThat(r.at("/object/spec/msg").asText()).isEqualTo("hi");
  }

  @Test
  @DisplayName("rules select operations and subresources; webhook configurations themselves are never sent")
  void rulesAndExemptions() {
    f.server.on("/r", WebhookServer::allow);
    ValidatingWebhook w = f.validatingHook("r.example.com", "/r");
    w.rules = List.of(WebhookFixture.rule(List.of("UPDATE"), "*", "foos/status"));
    ValidatingWebhook all = f.validatingHook("all.example.com", "/r");
    all.rules = List.of(WebhookFixture.rule(List.of("*"), "*", "*/*"));
    all.rules.get(0).apiGroups = List.of("*");
    f.validating("r", w, all);
    f.validating.validate(f.create(WebhookFixture.foo("hello", "hi", null), false));
    assertThat(f.server.received("/r")).hasSize(1);
    ValidatingWebhookConfiguration c = new ValidatingWebhookConfiguration();
    c.metadata.name = "x";
    Attributes onConfig = new Attributes(Operation.CREATE, new GroupVersionKind("admissionregistration.k8s.io", "v1",
        "ValidatingWebhookConfiguration"), new GroupResource("admissionregistration.k8s.io", "validatingwebhookconfigurations"),
        "", null, "x", c, null, null, false, null);
    assertThat(f.validating.handles(onConfig)).isFalse();
  }

  static LabelSelector selector(String key, String value) {
    LabelSelector s = new LabelSelector();
    s.matchLabels = Map.of(key, value);
    return s;
  }
}
