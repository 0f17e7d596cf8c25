package dev.customapiserver.metrics;

import dev.customapiserver.admission.AdmissionObserver;
import dev.customapiserver.admission.Operation;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * kube-apiserver's admission metrics (names, labels and buckets of k8s.io/apiserver's
 * admission/metrics): the latency of each step, each admission controller and each webhook call,
 * and the webhook rejections.
 */
final class AdmissionMetrics implements AdmissionObserver {
  /** kube's buckets for steps and controllers: 5 ms to 2.5 s. */
  static final double[] BUCKETS = {0.005, 0.025, 0.1, 0.5, 1.0, 2.5};
  /** kube's buckets for webhooks, which time out at 30 s by default. */
  static final double[] WEBHOOK_BUCKETS = {0.005, 0.025, 0.1, 0.5, 1.0, 2.5, 10, 25};

  private final Histogram step;
  private final Histogram controller;
  private final Histogram webhook;
  private final Counter webhookRequests;
  private final Gauge webhookRejections;

  AdmissionMetrics(PrometheusRegistry registry) {
    step = Histogram.builder().name("apiserver_admission_step_admission_duration_seconds")
        .help("Admission sub-step latency histogram in seconds, broken out for each operation and API resource and "
            + "step type (validate or admit).")
        .classicOnly().classicUpperBounds(BUCKETS).labelNames("type", "operation", "rejected").register(registry);
    controller = Histogram.builder().name("apiserver_admission_controller_admission_duration_seconds")
        .help("Admission controller latency histogram in seconds, identified by name and broken out for each "
            + "operation and API resource and type (validate or admit).")
        .classicOnly().classicUpperBounds(BUCKETS).labelNames("name", "type", "operation", "rejected")
        .register(registry);
    webhook = Histogram.builder().name("apiserver_admission_webhook_admission_duration_seconds")
        .help("Admission webhook latency histogram in seconds, identified by name and broken out for each "
            + "operation and API resource and type (validate or admit).")
        .classicOnly().classicUpperBounds(WEBHOOK_BUCKETS).labelNames("name", "type", "operation", "rejected")
        .register(registry);
    webhookRequests = Counter.builder().name("apiserver_admission_webhook_request_total")
        .help("Admission webhook request total, identified by name and broken out for each admission type "
            + "(validating or mutating) and operation.")
        .labelNames("name", "type", "operation", "code", "rejected").register(registry);
    // kube exposes this counter without a _total suffix, which the Prometheus client adds to every
    // counter; a gauge that only goes up keeps kube's exact name for its queries
    webhookRejections = Gauge.builder().name("apiserver_admission_webhook_rejection_count")
        .help("Admission webhook rejection count, identified by name and broken out for each admission type "
            + "(validating or admit) and operation. Additional labels specify an error type "
            + "(calling_webhook_error or apiserver_internal_error if an error occurred; no_error otherwise) and "
            + "optionally a non-zero rejection code if the webhook rejects the request with an HTTP status code.")
        .labelNames("name", "type", "operation", "error_type", "rejection_code").register(registry);
  }

  @Override
  public void step(String type, Operation operation, boolean rejected, double seconds) {
    step.labelValues(type, operation.name(), Boolean.toString(rejected)).observe(seconds);
  }

  @Override
  public void controller(String name, String type, Operation operation, boolean rejected, double seconds) {
    controller.labelValues(name, type, operation.name(), Boolean.toString(rejected)).observe(seconds);
  }

  @Override
  public void webhook(String name, String type, Operation operation, boolean rejected, int code, double seconds) {
    webhookRequests.labelValues(name, type, operation.name(), Integer.toString(Math.min(code, 600)),
        Boolean.toString(rejected)).inc();
    webhook.labelValues(name, type, operation.name(), Boolean.toString(rejected)).observe(seconds);
  }

  @Override
  public void webhookRejection(String name, String type, Operation operation, String errorType, int code) {
    webhookRejections.labelValues(name, type, operation.name(), errorType, Integer.toString(code)).inc();
  }
}
