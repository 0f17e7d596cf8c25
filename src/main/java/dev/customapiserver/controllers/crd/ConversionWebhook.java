package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.webhookclient.ReviewAnswers;
import dev.customapiserver.webhookclient.WebhookCallException;
import dev.customapiserver.webhookclient.WebhookTransport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The conversion webhook of one CustomResourceDefinition ({@code spec.conversion.strategy: Webhook}),
 * called as kube-apiserver's webhook converter calls it: the objects not yet in the desired version
 * sent in one ConversionReview (v1 or v1beta1, the first of {@code conversionReviewVersions} the
 * server knows), the answer checked (kind, uid, result, count, apiVersion, kind, name, namespace and
 * uid of every object) and every object's metadata restored but for its labels and annotations.
 * Failures are 500s worded as kube's ({@code conversion webhook for stable.example.com/v1beta1,
 * Kind=CronTab failed: ...}).
 */
final class ConversionWebhook {
  /** kube's conversion webhooks have no configurable timeout: its client's 30 seconds. */
  static final int TIMEOUT_SECONDS = 30;
  private final ObjectMapper json;
  private final WebhookTransport transport;
  private final URI url;
  private final String caBundle;
  private final List<String> reviewVersions;

  /** @param webhook {@code spec.conversion.webhook} (clientConfig, conversionReviewVersions) */
  ConversionWebhook(JsonNode webhook, ObjectMapper json, WebhookTransport transport) {
    this.json = json;
    this.transport = transport;
    JsonNode cc = webhook.path("clientConfig");
    JsonNode s = cc.path("service");
    this.url = WebhookTransport.url(cc.hasNonNull("url") ? cc.get("url").asText() : null, s.path("name").asText(null),
        s.path("namespace").asText(null), s.hasNonNull("port") ? s.get("port").asInt() : null, s.path("path").asText(null),
        TIMEOUT_SECONDS);
    this.caBundle = cc.path("caBundle").asText(null);
    List<String> versions = new ArrayList<>();
    webhook.path("conversionReviewVersions").forEach(v -> versions.add(v.asText()));
    this.reviewVersions = versions;
  }

  /**
   * {@code objects} in {@code desired} ({@code group/version}): those already in it copied, the others
   * converted by the webhook in one review. The result is in the order given.
   *
   * @throws ApiException 500 when the webhook fails or answers wrongly
   */
  List<Unstructured> convert(List<Unstructured> objects, String desired) {
    List<Unstructured> out = new ArrayList<>(objects.size());
    List<Integer> toConvert = new ArrayList<>();
    for (int i = 0; i < objects.size(); i++) {
      out.add(objects.get(i).copy());
      if (!desired.equals(objects.get(i).apiVersion)) {
        toConvert.add(i);
      }
    }
    if (toConvert.isEmpty()) {
      return out;
    }
    Unstructured first = objects.get(toConvert.get(0));
    String in = first.apiVersion + ", Kind=" + first.kind;
    String reviewVersion = reviewVersions.stream().filter(v -> v.equals("v1") || v.equals("v1beta1")).findFirst()
        .orElseThrow(() -> failure("no supported conversion review versions"));
    String uid = UUID.randomUUID().toString();
    ObjectNode review = json.createObjectNode().put("kind", "ConversionReview")
        .put("apiVersion", "apiextensions.k8s.io/" + reviewVersion);
    ObjectNode request = review.putObject("request").put("uid", uid).put("desiredAPIVersion", desired);
    ArrayNode sent = request.putArray("objects");
    toConvert.forEach(i -> sent.add(json.valueToTree(objects.get(i))));
    JsonNode converted = call(review, reviewVersion, uid, in);
    if (converted.size() != toConvert.size()) {
      throw failure("conversion webhook for " + in + " returned " + converted.size() + " objects, expected " + toConvert.size());
    }
    boolean list = objects.size() > 1;
    for (int n = 0; n < toConvert.size(); n++) {
      int i = toConvert.get(n);
      String at = list ? "invalid converted object at index " + (n + 1) : "invalid object at index 0";
      Unstructured original = objects.get(i);
      JsonNode c = converted.get(n);
      if (!c.isObject()) {
        throw failure("conversion webhook for " + in + " returned " + at + ": Object 'Kind' is missing in '" + c + "'");
      }
      String apiVersion = c.path("apiVersion").asText("");
      String kind = c.path("kind").asText("");
      if (!desired.equals(apiVersion)) {
        throw failure("conversion webhook for " + in + " returned " + at + ": invalid groupVersion (expected " + desired
            + ", received " + apiVersion + ")");
      }
      if (!kind.equals(original.kind)) {
        throw failure("conversion webhook for " + in + " returned " + at + ": invalid kind (expected " + original.kind
            + ", received " + kind + ")");
      }
      String problem = ConvertedObjects.sameIdentity(original, c);
      if (problem != null) {
        throw failure("conversion webhook for " + in + " returned "
            + (list ? "invalid converted object at index " + (n + 1) : "invalid object") + ": " + problem);
      }
      try {
        out.set(i, ConvertedObjects.restoreMetadata(original, (ObjectNode) c, json));
      } catch (ConvertedObjects.InvalidMetadata e) {
        throw failure("conversion webhook for " + in + " returned invalid metadata"
            + (list ? " in object at index " + (n + 1) : "") + ": " + e.getMessage());
      }
    }
    return out;
  }

  /** POSTs the review; the response's {@code convertedObjects} once it is a successful answer to it. */
  private JsonNode call(ObjectNode review, String reviewVersion, String uid, String in) {
    HttpResponse<byte[]> response;
    try {
      response = transport.post(url, caBundle, TIMEOUT_SECONDS, json.writeValueAsBytes(review)).get();
    } catch (WebhookCallException e) {
      throw failure("conversion webhook for " + in + " failed: " + e.getMessage());
    } catch (ExecutionException | CompletionException e) {
      throw failure("conversion webhook for " + in + " failed: " + e.getCause().getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure("conversion webhook for " + in + " failed: context canceled");
    } catch (IOException e) {
      throw failure("conversion webhook for " + in + " failed: " + e.getMessage());
    }
    JsonNode tree;
    try {
      tree = ReviewAnswers.read(json, response, "ConversionReview");
    } catch (WebhookCallException e) {
      throw failure("conversion webhook for " + in + " failed: " + e.getMessage());
    }
    String problem = answerProblem(tree, reviewVersion, uid);
    if (problem != null) {
      throw failure("conversion webhook for " + in + " failed: " + problem);
    }
    return tree.at("/response/convertedObjects");
  }

  /** What is wrong with a review's answer (kube's getConvertedObjectsFromResponse), or null. */
  private static String answerProblem(JsonNode tree, String reviewVersion, String uid) {
    if (reviewVersion.equals("v1")) {
      String gvk = gvk(tree.path("apiVersion").asText(""), tree.path("kind").asText(""));
      if (!gvk.equals("apiextensions.k8s.io/v1, Kind=ConversionReview")) {
        return "expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got " + gvk;
      }
    }
    JsonNode response = tree.get("response");
    if (response == null || response.isNull()) {
      return "no response provided";
    }
    if (reviewVersion.equals("v1") && !uid.equals(response.path("uid").asText(""))) {
      return "expected response.uid=\"" + uid + "\", got \"" + response.path("uid").asText("") + "\"";
    }
    String status = response.at("/result/status").asText("");
    if (!status.equals(Status.SUCCESS)) {
      String message = response.at("/result/message").asText("");
      return message.isEmpty() ? "response.result.status was '" + status + "', not 'Success'" : message;
    }
    return null;
  }

  /** Go's GroupVersionKind.String(): {@code group/version, Kind=kind}. */
  private static String gvk(String apiVersion, String kind) {
    String gv = apiVersion.contains("/") ? apiVersion : "/" + apiVersion;
    return gv + ", Kind=" + kind;
  }

  /** A 500 without a reason, as kube-apiserver renders an error that is not a Status. */
  private static ApiException failure(String message) {
    Status s = new Status();
    s.status = Status.FAILURE;
    s.message = message;
    s.code = 500;
    return Errors.fromStatus(s);
  }
}
