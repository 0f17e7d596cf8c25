package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.AdmissionObserver;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.admissionregistration.Webhook;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Calls one webhook for one request: refuses dry runs the webhook's side effects forbid, sends the
 * review with the objects in the invocation's version, and verifies the answer.
 */
final class HookCall {
  private final ObjectMapper json;
  private final HookClient client;
  private final VersionedObjects objects;
  private final AdmissionObserver observer;

  HookCall(ObjectMapper json, HookClient client, VersionedObjects objects, AdmissionObserver observer) {
    this.json = json;
    this.client = client;
    this.objects = objects;
    this.observer = observer;
  }

  /** What the call sends, kept to apply a patch to it. */
  record Sent(JsonNode object, CompletableFuture<ReviewResponse> response) {}

  /**
   * Starts the call. Throws (not in the future) the dry-run refusal; a failure to call arrives in the
   * future as {@link CallFailure}.
   *
   * @param object the current object (hub), null on DELETE and CONNECT
   */
  Sent start(Attributes a, Invocation inv, KubeObject object, boolean mutating) {
    Webhook w = inv.webhook();
    if (a.dryRun()) {
      if (w.sideEffects == null) {
        return new Sent(null, CompletableFuture.failedFuture(new CallFailure("Webhook SideEffects is nil")));
      }
      if (!Webhook.SIDE_EFFECTS_NONE.equals(w.sideEffects) && !Webhook.SIDE_EFFECTS_NONE_ON_DRY_RUN.equals(w.sideEffects)) {
        throw Verdicts.dryRunUnsupported(w.name);
      }
    }
    String uid = UUID.randomUUID().toString();
    JsonNode versioned = objects.toVersion(object, inv.type(), inv.version());
    JsonNode old = objects.toVersion(a.oldObject(), inv.type(), inv.version());
    byte[] body;
    try {
      body = json.writeValueAsBytes(ReviewRequest.build(uid, a, inv, versioned, old));
    } catch (JsonProcessingException e) {
      return new Sent(versioned, CompletableFuture.failedFuture(
          new CallFailure("could not create admission objects: " + e.getOriginalMessage(), e)));
    }
    long start = System.nanoTime();
    CompletableFuture<ReviewResponse> response;
    try {
      response = client.post(w, body).thenApply(review -> ReviewResponse.verify(review, uid, mutating));
    } catch (CallFailure f) {
      response = CompletableFuture.failedFuture(f);
    }
    return new Sent(versioned, response.whenComplete((r, failure) -> observe(a, w, mutating, r, failure, start)));
  }

  /** kube's webhook latency and rejection metrics: a denial, or a failure to call that fails closed, rejects. */
  private void observe(Attributes a, Webhook w, boolean mutating, ReviewResponse r, Throwable failure, long start) {
    double seconds = (System.nanoTime() - start) / 1e9;
    String type = mutating ? "admit" : "validating";
    if (r != null) {
      observer.webhook(w.name, type, a.operation(), !r.allowed(), 200, seconds);
      if (!r.allowed()) {
        int code = r.status() == null ? 0 : r.status().path("code").asInt(0);
        observer.webhookRejection(w.name, type, a.operation(), "no_error", code >= 400 ? Math.min(code, 600) : 403);
      }
      return;
    }
    boolean failsClosed = !w.ignoresFailures();
    observer.webhook(w.name, type, a.operation(), failsClosed, 0, seconds);
    if (failsClosed) {
      observer.webhookRejection(w.name, type, a.operation(), "calling_webhook_error", 0);
    }
  }
}
