package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.WebhookServer;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Admission webhooks as a kubectl user meets them: webhook configurations applied with kubectl, a real
 * HTTPS webhook on loopback (its certificate in {@code caBundle}), and the server's answers printed by kubectl.
 */
@DisplayName("Admission webhooks with kubectl against the running server")
class WebhooksIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;
  static WebhookServer webhook;

  @BeforeAll
  static void start() throws Exception {
    webhook = new WebhookServer();
    webhook.on("/validate", review -> {
      String msg = review.at("/request/object/spec/config/msg").asText();
      if (msg.contains("forbidden")) {
        return WebhookServer.deny(review, "msg may not say forbidden", 0);
      }
      return WebhookServer.warn(WebhookServer.allow(review), "checked by validate.webhooks.example.com");
    });
    webhook.on("/mutate", review -> WebhookServer.patch(review,
        "[{\"op\":\"add\",\"path\":\"/metadata/labels/mutated-by\",\"value\":\"webhook\"}]"));
    server = ServerProcess.start(tmp.resolve("data"));
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
    if (webhook != null) {
      webhook.close();
    }
  }

  static String configuration(String kind, String name, String url, String caBundle, String failurePolicy, String labels) {
    return """
        apiVersion: admissionregistration.k8s.io/v1
        kind: %s
        metadata:
          name: %s
        webhooks:
        - name: %s.webhooks.example.com
          clientConfig:
            url: %s
            caBundle: %s
          rules:
          - apiGroups: ["hello.zeng.dev"]
            apiVersions: ["*"]
            operations: ["CREATE", "UPDATE"]
            resources: ["foos"]
            scope: Namespaced
          objectSelector:
            matchLabels:
              %s
          failurePolicy: %s
          sideEffects: None
          timeoutSeconds: 5
          admissionReviewVersions: ["v1", "v1beta1"]
        """.formatted(kind, name, name, url, caBundle, labels, failurePolicy);
  }

  static String foo(String name, String msg, String label) {
    return """
        apiVersion: hello.zeng.dev/v2
        kind: Foo
        metadata:
          name: %s
          labels:
            %s
        spec:
          config:
            msg: %s
        """.formatted(name, label, msg);
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  @Test
  @DisplayName("kubectl apply of a validating configuration; a denied create shows the webhook's message, an allowed one its warning")
  void validating() throws Exception {
    assertThat(ok(kubectl.runWithInput(configuration("ValidatingWebhookConfiguration", "validate", webhook.url("/validate"),
        webhook.caBundle(), "Fail", "check: validate"), "apply", "-f", "-")).out())
        .contains("validatingwebhookconfiguration.admissionregistration.k8s.io/validate created");
    assertThat(ok(kubectl.run("get", "validatingwebhookconfigurations")).out()).containsPattern("NAME\\s+WEBHOOKS\\s+AGE")
        .containsPattern("validate\\s+1\\s+");
    String changed = configuration("ValidatingWebhookConfiguration", "validate", webhook.url("/validate"), webhook.caBundle(),
        "Fail", "check: validate").replace("timeoutSeconds: 5", "timeoutSeconds: 7");
    assertThat(ok(kubectl.runWithInput(changed, "apply", "-f", "-")).out())
        .contains("validatingwebhookconfiguration.admissionregistration.k8s.io/validate configured");
    assertThat(ok(kubectl.run("get", "validatingwebhookconfiguration", "validate", "-o", "jsonpath={.webhooks[0].timeoutSeconds}"))
        .out()).isEqualTo("7");
    Kubectl.Result denied = kubectl.runWithInput(foo("nope", "this is forbidden", "check: validate"), "create", "-f", "-");
    assertThat(denied.exitCode()).as(denied.toString()).isNotZero();
    assertThat(denied.err()).contains("Error from server (Forbidden): error when creating \"STDIN\": foos.hello.zeng.dev \"nope\" "
        + "is forbidden: admission webhook \"validate.webhooks.example.com\" denied the request: msg may not say forbidden");
    Kubectl.Result allowed = ok(kubectl.runWithInput(foo("fine", "all good", "check: validate"), "create", "-f", "-"));
    assertThat(allowed.err()).contains("Warning: checked by validate.webhooks.example.com");
    assertThat(allowed.out()).contains("foo.hello.zeng.dev/fine created");
  }

  @Test
  @DisplayName("a mutating webhook's patch is in the stored object; a server-side dry run reaches it with dryRun true")
  void mutating() throws Exception {
    ok(kubectl.runWithInput(configuration("MutatingWebhookConfiguration", "mutate", webhook.url("/mutate"),
        webhook.caBundle(), "Fail", "check: mutate"), "apply", "-f", "-"));
    ok(kubectl.runWithInput(foo("changed", "hi", "check: mutate"), "create", "-f", "-"));
    assertThat(ok(kubectl.run("get", "foo", "changed", "-o", "jsonpath={.metadata.labels.mutated-by}")).out()).isEqualTo("webhook");
    ok(kubectl.runWithInput(foo("dry", "hi", "check: mutate"), "create", "--dry-run=server", "-f", "-"));
    JsonNode last = webhook.received("/mutate").get(webhook.received("/mutate").size() - 1);
    assertThat(last.at("/request/name").asText()).isEqualTo("dry");
    assertThat(last.at("/request/dryRun").asBoolean()).isTrue();
    assertThat(kubectl.run("get", "foo", "dry").exitCode()).isNotZero();
  }

  @Test
  @DisplayName("with the webhook down, failurePolicy Fail refuses the request and Ignore lets it through")
  void webhookDown() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String down = "https://127.0.0.1:" + port + "/down";
    ok(kubectl.runWithInput(configuration("ValidatingWebhookConfiguration", "down-fail", down, webhook.caBundle(), "Fail",
        "check: down-fail"), "apply", "-f", "-"));
    ok(kubectl.runWithInput(configuration("ValidatingWebhookConfiguration", "down-ignore", down, webhook.caBundle(), "Ignore",
        "check: down-ignore"), "apply", "-f", "-"));
    Kubectl.Result failed = kubectl.runWithInput(foo("closed", "hi", "check: down-fail"), "create", "-f", "-");
    assertThat(failed.exitCode()).isNotZero();
    assertThat(failed.err()).contains("Error from server (InternalError): error when creating \"STDIN\": Internal error occurred: "
        + "failed calling webhook \"down-fail.webhooks.example.com\": failed to call webhook: Post \"" + down
        + "?timeout=5s\": dial tcp 127.0.0.1:" + port + ": connect: connection refused");
    ok(kubectl.runWithInput(foo("open", "hi", "check: down-ignore"), "create", "-f", "-"));
  }
}
