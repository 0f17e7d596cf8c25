package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A verified AdmissionReview response (kube's VerifyAdmissionResponse): the same uid, allowed or not,
 * the status a denial carries, warnings and, for mutating webhooks, a JSON Patch.
 *
 * @param status the {@code response.status} object, or null
 * @param patch the decoded JSON Patch bytes, or null
 */
record ReviewResponse(boolean allowed, JsonNode status, List<String> warnings, byte[] patch) {

  /**
   * @throws CallFailure if the response is not a usable answer to the review {@code uid}
   */
  static ReviewResponse verify(JsonNode review, String uid, boolean mutating) {
    String apiVersion = review.path("apiVersion").asText("");
    String kind = review.path("kind").asText("");
    if (!apiVersion.equals(ReviewRequest.API_VERSION) || !kind.equals(ReviewRequest.KIND)) {
      throw invalid("expected webhook response of " + ReviewRequest.API_VERSION + ", Kind=" + ReviewRequest.KIND + ", got "
          + apiVersion + ", Kind=" + kind);
    }
    JsonNode r = review.get("response");
    if (r == null || !r.isObject()) {
      throw invalid("webhook response was absent");
    }
    String got = r.path("uid").asText("");
    if (!got.equals(uid)) {
      throw invalid("expected response.uid=\"" + uid + "\", got \"" + got + "\"");
    }
    List<String> warnings = new ArrayList<>();
    r.path("warnings").forEach(w -> warnings.add(w.asText()));
    byte[] patch = null;
    String patchText = r.path("patch").asText("");
    String patchType = r.path("patchType").asText("");
    if (!mutating && (!patchText.isEmpty() || !patchType.isEmpty())) {
      throw invalid("validating webhooks may not return patches");
    }
    if (!patchText.isEmpty()) {
      if (patchType.isEmpty()) {
        throw invalid("webhook returned response.patch but not response.patchType");
      }
      if (!patchType.equals("JSONPatch")) {
        throw invalid("webhook returned invalid response.patchType of \"" + patchType + "\"");
      }
      try {
        patch = Base64.getDecoder().decode(patchText);
      } catch (IllegalArgumentException e) {
        throw new CallFailure("received undecodable patch in webhook response: " + e.getMessage());
      }
    }
    JsonNode status = r.get("status");
    return new ReviewResponse(r.path("allowed").asBoolean(false), status == null || status.isNull() ? null : status,
        List.copyOf(warnings), patch);
  }

  private static CallFailure invalid(String why) {
    return new CallFailure("received invalid webhook response: " + why);
  }
}
