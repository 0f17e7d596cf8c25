package dev.customapiserver.admission.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.apis.admissionregistration.MutatingWebhook;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.hello.Foo;
import dev.customapiserver.testing.WebhookServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("MutatingAdmissionWebhook against a real HTTPS webhook")
class MutatingWebhookTest {
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
  @DisplayName("a JSON Patch response changes the object being written")
  void patchApplies() {
    f.server.on("/m", review -> WebhookServer.patch(review,
        "[{\"op\":\"add\",\"path\":\"/metadata/labels\",\"value\":{\"mutated\":\"yes\"}},"
            + "{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\"patched\"}]"));
    f.mutating("m", f.mutatingHook("m.example.com", "/m"));
    Foo foo = WebhookFixture.foo("hello", "hi", null);
    f.mutating.admit(f.create(foo, false));
    assertThat(foo.metadata.labels).containsEntry("mutated", "yes");
    assertThat(foo.spec.config.msg).isEqualTo("patched");
    assertThat(foo.spec.image).isEqualTo("nginx:latest");
  }

  @Test
  @DisplayName("a patch made to the v1 form (matchPolicy Equivalent) lands in the right place of the hub")
  void patchInAnotherVersion() {
    f.server.on("/v1", review -> WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/spec/msg\",\"value\":\"from v1\"}]"));
    MutatingWebhook w = f.mutatingHook("v1.example.com", "/v1");
    w.rules = List.of(WebhookFixture.rule(List.of("CREATE"), "v1", "foos"));
    f.mutating("v1", w);
    Foo foo = WebhookFixture.foo("hello", "hi", null);
    f.mutating.admit(f.create(foo, false));
    assertThat(foo.spec.config.msg).isEqualTo("from v1");
    assertThat(foo.spec.image).as("kept through the conversion").isEqualTo("nginx:latest");
  }

  @Test
  @DisplayName("mutating webhooks run in order, each seeing the previous one's changes")
  void inOrder() {
    f.server.on("/first", review -> WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\"one\"}]"));
    f.server.on("/second", review -> WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\""
        + review.at("/request/object/spec/config/msg").asText() + " two\"}]"));
    f.mutating("a-config", f.mutatingHook("first.example.com", "/first"));
    f.mutating("b-config", f.mutatingHook("second.example.com", "/second"));
    Foo foo = WebhookFixture.foo("hello", "zero", null);
    f.mutating.admit(f.create(foo, false));
    assertThat(foo.spec.config.msg).isEqualTo("one two");
  }

  @Test
  @DisplayName("a webhook with reinvocationPolicy IfNeeded is called again when a later webhook changed the object")
  void reinvocation() {
    f.server.on("/label", review -> review.at("/request/object/metadata/labels/seen").isMissingNode()
        ? WebhookServer.patch(review, "[{\"op\":\"add\",\"path\":\"/metadata/labels\",\"value\":{\"seen\":\""
            + review.at("/request/object/spec/config/msg").asText() + "\"}}]")
        : WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/metadata/labels/seen\",\"value\":\""
            + review.at("/request/object/spec/config/msg").asText() + "\"}]"));
    f.server.on("/msg", review -> WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\"later\"}]"));
    MutatingWebhook label = f.mutatingHook("label.example.com", "/label");
    label.reinvocationPolicy = MutatingWebhook.IF_NEEDED;
    f.mutating("a", label);
    f.mutating("b", f.mutatingHook("msg.example.com", "/msg"));
    Foo foo = WebhookFixture.foo("hello", "early", null);
    f.mutating.admit(f.create(foo, false));
    assertThat(f.server.received("/label")).hasSize(2);
    assertThat(foo.metadata.labels).containsEntry("seen", "later");
  }

  @Test
  @DisplayName("a patch that cannot be applied is a 500; a denial from a mutating webhook is a 403")
  void badPatchAndDenial() {
    f.server.on("/bad", review -> WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/spec/nothing/here\",\"value\":1}]"));
    f.mutating("bad", f.mutatingHook("bad.example.com", "/bad"));
    ApiException e = catchThrowableOfType(ApiException.class, () -> f.mutating.admit(f.create(WebhookFixture.foo("x", "hi", null), false)));
    assertThat(e.code()).isEqualTo(500);
    f.server.on("/bad", review -> WebhookServer.deny(review, "nope", 0));
    e = catchThrowableOfType(ApiException.class, () -> f.mutating.admit(f.create(WebhookFixture.foo("x", "hi", null), false)));
    assertThat(e.getMessage()).isEqualTo("foos.hello.zeng.dev \"x\" is forbidden: admission webhook \"bad.example.com\" denied the request: nope");
  }

  @Test
  @DisplayName("an invalid response (wrong uid) fails with Fail and is skipped with Ignore, leaving the object as it was")
  void invalidResponse() {
    f.server.on("/uid", review -> {
      var r = WebhookServer.patch(review, "[{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\"x\"}]");
      ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("response")).put("uid", "not-the-request");
      return r;
    });
    MutatingWebhook w = f.mutatingHook("uid.example.com", "/uid");
    f.mutating("uid", w);
    Attributes a = f.create(WebhookFixture.foo("x", "hi", Map.of()), false);
    ApiException e = catchThrowableOfType(ApiException.class, () -> f.mutating.admit(a));
    assertThat(e.getMessage()).startsWith("Internal error occurred: failed calling webhook \"uid.example.com\": received invalid "
        + "webhook response: expected response.uid=\"");
    w.failurePolicy = Webhook.IGNORE;
    Foo foo = WebhookFixture.foo("x", "hi", null);
    f.mutating.admit(f.create(foo, false));
    assertThat(foo.spec.config.msg).isEqualTo("hi");
  }

  @Test
  @DisplayName("the webhook sees the object the previous webhooks made, also for its object selector")
  void objectSelectorSeesMutations() {
    f.server.on("/add", review -> WebhookServer.patch(review, "[{\"op\":\"add\",\"path\":\"/metadata/labels\",\"value\":{\"tier\":\"gold\"}}]"));
    f.server.on("/gold", WebhookServer::allow);
    MutatingWebhook gold = f.mutatingHook("gold.example.com", "/gold");
    gold.objectSelector = ValidatingWebhookTest.selector("tier", "gold");
    f.mutating("a", f.mutatingHook("add.example.com", "/add"));
    f.mutating("b", gold);
    f.mutating.admit(f.create(WebhookFixture.foo("x", "hi", null), false));
    JsonNode seen = f.server.received("/gold").get(0);
    assertThat(seen.at("/request/object/metadata/labels/tier").asText()).isEqualTo("gold");
  }
}
