package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.Status;
import java.util.List;

/** The errors a client sees from webhooks, worded as kube-apiserver's (webhook errors.ToStatusErr and friends). */
final class Verdicts {
  private Verdicts() {}

  /**
   * A denial: the webhook's status (code 403 unless it says otherwise) with the message
   * {@code <resource> "<name>" is forbidden: admission webhook "<hook>" denied the request: <message>}.
   */
  static ApiException denied(ObjectMapper json, Attributes a, String hook, JsonNode statusNode) {
    Status s = new Status();
    if (statusNode != null) {
      try {
        s = json.treeToValue(statusNode, Status.class);
      } catch (JsonProcessingException | IllegalArgumentException e) {
        s = new Status();
      }
    }
    s.kind = "Status";
    s.apiVersion = "v1";
    if (s.metadata == null) {
      s.metadata = new ListMeta();
    }
    String name = a.name() == null || a.name().isEmpty() ? "Unknown" : a.name();
    if (s.code == null || s.code == 0) {
      s.code = 403;
    }
    s.status = Status.FAILURE;
    String deniedBy = "admission webhook \"" + hook + "\" denied the request";
    if (s.message != null && !s.message.isEmpty()) {
      s.message = deniedBy + ": " + s.message;
    } else if (s.reason != null && !s.reason.isEmpty()) {
      s.message = deniedBy + ": " + s.reason;
    } else {
      s.message = deniedBy + " without explanation";
    }
    boolean internal = s.code == 500;
    if (s.details == null) {
      s.details = new Status.Details();
      if (internal) {
        s.details.causes = List.of(new Status.Cause(null, s.message, null));
      } else {
        s.details.group = a.resource().group().isEmpty() ? null : a.resource().group();
        s.details.kind = a.resource().resource();
        s.details.name = name;
      }
    }
    String prefix = internal ? "Internal error occurred" : a.resource() + " \"" + name + "\" is forbidden";
    s.message = prefix + ": " + s.message;
    if (s.reason == null || s.reason.isEmpty()) {
      s.reason = internal ? "InternalError" : "Forbidden";
    }
    return Errors.fromStatus(s);
  }

  /** failurePolicy Fail: 500 {@code Internal error occurred: failed calling webhook "<hook>": <reason>}. */
  static ApiException failedCalling(String hook, CallFailure f) {
    return Errors.internal(f.describe(hook), f);
  }

  /** 400 for a dry run reaching a webhook that may have side effects. */
  static ApiException dryRunUnsupported(String hook) {
    return Errors.badRequest("admission webhook \"" + hook + "\" does not support dry run");
  }
}
