package dev.customapiserver.admission;

/**
 * Told how long admission took and what it decided, for kube-apiserver's admission metrics. The
 * {@code type} of a step or plugin is {@code admit} or {@code validate}; of a webhook call
 * {@code admit} or {@code validating}, as kube labels them.
 */
public interface AdmissionObserver {
  /** Records nothing. */
  AdmissionObserver NONE = new AdmissionObserver() {};

  /** One phase of the chain (all mutating, or all validating plugins) for one request. */
  default void step(String type, Operation operation, boolean rejected, double seconds) {}

  /** One plugin (admission controller) named {@code name}. */
  default void controller(String name, String type, Operation operation, boolean rejected, double seconds) {}

  /** One webhook call; {@code code} is 200 for an answered call, 0 when it could not be called. */
  default void webhook(String name, String type, Operation operation, boolean rejected, int code, double seconds) {}

  /**
   * A webhook made the request fail: {@code errorType} {@code no_error} (it denied, with
   * {@code code}) or {@code calling_webhook_error} (it could not be called and fails closed).
   */
  default void webhookRejection(String name, String type, Operation operation, String errorType, int code) {}
}
