package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.admissionregistration.WebhookClientConfig;
import dev.customapiserver.webhookclient.ReviewAnswers;
import dev.customapiserver.webhookclient.WebhookCallException;
import dev.customapiserver.webhookclient.WebhookTransport;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * POSTs AdmissionReviews over HTTPS (the shared {@link WebhookTransport}) within the webhook's
 * timeout; failures become {@link CallFailure}s worded as kube-apiserver's Go client words them.
 */
final class HookClient {
  private final ObjectMapper json;
  private final WebhookTransport transport = new WebhookTransport();

  HookClient(ObjectMapper json) {
    this.json = json;
  }

  /** The review response as JSON; fails with {@link CallFailure} (also inside the future). */
  CompletableFuture<JsonNode> post(Webhook w, byte[] review) {
    int seconds = w.timeoutSeconds == null ? 10 : w.timeoutSeconds;
    URI url = url(w.clientConfig, seconds);
    try {
      return transport.post(url, w.clientConfig.caBundle, seconds, review).handle((response, error) -> {
        if (error != null) {
          Throwable e = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
          throw new CallFailure("failed to call webhook: " + e.getMessage(), e);
        }
        return body(response);
      });
    } catch (WebhookCallException e) {
      throw new CallFailure(e.getMessage(), e);
    }
  }

  private JsonNode body(HttpResponse<byte[]> response) {
    try {
      return ReviewAnswers.read(json, response, "AdmissionReview");
    } catch (WebhookCallException e) {
      throw new CallFailure("failed to call webhook: " + e.getMessage());
    }
  }

  /** {@code clientConfig.url}, or {@code https://name.namespace.svc:port/path}, with kube's {@code ?timeout=Ns}. */
  static URI url(WebhookClientConfig cc, int timeoutSeconds) {
    WebhookClientConfig.ServiceReference s = cc.service;
    return cc.url != null ? WebhookTransport.url(cc.url, null, null, null, null, timeoutSeconds)
        : WebhookTransport.url(null, s.name, s.namespace, s.port, s.path, timeoutSeconds);
  }
}
