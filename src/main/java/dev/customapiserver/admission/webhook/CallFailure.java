package dev.customapiserver.admission.webhook;

/**
 * A failure to get a usable answer from a webhook (kube's ErrCallingWebhook): unreachable, timed out,
 * TLS refused, an invalid response. The webhook's failurePolicy decides whether it denies the request.
 */
final class CallFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CallFailure(String reason, Throwable cause) {
    super(reason, cause, false, false);
  }

  CallFailure(String reason) {
    this(reason, null);
  }

  /** {@code failed calling webhook "name": reason}, as kube-apiserver words it. */
  String describe(String webhookName) {
    return "failed calling webhook \"" + webhookName + "\": " + getMessage();
  }
}
