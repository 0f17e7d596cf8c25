package dev.customapiserver.webhookclient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpResponse;

/**
 * Reads a webhook's answer to a review (AdmissionReview, ConversionReview) as kube-apiserver's
 * webhook client does: a non-2xx status is a failure with the Status's message, or kube's "did not
 * return more information"; a body that is not a JSON object is a failure naming the review.
 */
public final class ReviewAnswers {
  private ReviewAnswers() {}

  /**
   * The answer's JSON object.
   *
   * @throws WebhookCallException with the unprefixed message, for the caller to prefix
   */
  public static JsonNode read(ObjectMapper json, HttpResponse<byte[]> response, String reviewKind) {
    JsonNode tree;
    try {
      tree = json.readTree(response.body());
    } catch (IOException e) {
      tree = null;
    }
    int code = response.statusCode();
    if (code < 200 || code > 299) {
      throw new WebhookCallException(tree != null && tree.hasNonNull("message") ? tree.get("message").asText()
          : "the server responded with the status code " + code + " but did not return more information");
    }
    if (tree == null || !tree.isObject()) {
      throw new WebhookCallException("the response is not a JSON " + reviewKind);
    }
    return tree;
  }
}
