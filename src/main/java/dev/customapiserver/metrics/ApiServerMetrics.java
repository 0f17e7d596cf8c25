package dev.customapiserver.metrics;

import dev.customapiserver.admission.AdmissionObserver;
import dev.customapiserver.auth.audit.AuditObserver;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The metrics of one server, named and labelled as kube-apiserver's so its dashboards and alerts
 * work unchanged. One instance per server, handed to whoever records (the metrics and max-in-flight
 * filters, the storage decorator); the registry is its own, never Prometheus' default one. JVM and
 * process metrics ({@code jvm_*}, {@code process_*}) come with it.
 */
public final class ApiServerMetrics {
  /** kube-apiserver's buckets of {@code apiserver_request_duration_seconds} and {@code etcd_request_duration_seconds}. */
  static final double[] LATENCY_BUCKETS = {0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8,
      10, 15, 20, 30, 45, 60};
  private static final String[] REQUEST_LABELS = {"verb", "dry_run", "group", "version", "resource", "subresource",
      "scope", "component", "code"};
  private static final String[] DURATION_LABELS = {"verb", "dry_run", "group", "version", "resource", "subresource",
      "scope", "component"};
  private static final String[] WATCH_LABELS = {"group", "version", "kind"};
  /** kube 1.36's labels of the watch event metrics, counted per event written to a watch client. */
  private static final String[] WATCH_EVENT_LABELS = {"group", "version", "resource"};

  private final PrometheusRegistry registry = new PrometheusRegistry();
  final Counter requests = Counter.builder().name("apiserver_request_total")
      .help("Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, "
          + "component, and HTTP response code.")
      .labelNames(REQUEST_LABELS).register(registry);
  final Histogram requestDuration = Histogram.builder().name("apiserver_request_duration_seconds")
      .help("Response latency distribution in seconds for each verb, dry run value, group, version, resource, "
          + "subresource, scope and component.")
      .classicOnly().classicUpperBounds(LATENCY_BUCKETS).labelNames(DURATION_LABELS).register(registry);
  final Gauge inflight = Gauge.builder().name("apiserver_current_inflight_requests")
      .help("Maximal number of currently used inflight request limit of this apiserver per request kind in last second.")
      .labelNames("request_kind").register(registry);
  final Gauge longRunning = Gauge.builder().name("apiserver_longrunning_requests")
      .help("Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope "
          + "and component. Not all requests are tracked this way.")
      .labelNames("verb", "group", "version", "resource", "subresource", "scope", "component").register(registry);
  final Counter rejected = Counter.builder().name("apiserver_flowcontrol_rejected_requests_total")
      .help("Number of requests rejected by the max-in-flight limits or the per-user fair queues.")
      .labelNames("priority_level", "flow_schema", "reason").register(registry);
  final Counter terminations = Counter.builder().name("apiserver_request_terminations_total")
      .help("Number of requests which apiserver terminated in self-defense.")
      .labelNames("verb", "group", "version", "resource", "subresource", "scope", "component", "code").register(registry);
  final Gauge inQueue = Gauge.builder().name("apiserver_flowcontrol_current_inqueue_requests")
      .help("Number of requests currently pending in queues of the fair-queuing limiter.")
      .labelNames("priority_level", "flow_schema").register(registry);
  final Gauge registeredWatchers = Gauge.builder().name("apiserver_registered_watchers")
      .help("Number of currently registered watchers for a given resources").labelNames(WATCH_LABELS).register(registry);
  final Counter watchEvents = Counter.builder().name("apiserver_watch_events_total")
      .help("Number of events sent in watch clients").labelNames(WATCH_EVENT_LABELS).register(registry);
  final Histogram storageDuration = Histogram.builder().name("etcd_request_duration_seconds")
      .help("Storage request latency in seconds for each operation and object type (the database behind the "
          + "storage contract; kube's name so its dashboards read it).")
      .classicOnly().classicUpperBounds(LATENCY_BUCKETS).labelNames("operation", "type").register(registry);
  final Counter authentications = Counter.builder().name("authentication_attempts")
      .help("Counter of authenticated attempts.").labelNames("result").register(registry);

  final Histogram watchEventSizes = Histogram.builder().name("apiserver_watch_events_sizes")
      .help("Watch event size distribution in bytes")
      .classicOnly().classicExponentialUpperBounds(1024, 2.0, 8).labelNames(WATCH_EVENT_LABELS).register(registry);
  private final Counter auditEvents = Counter.builder().name("apiserver_audit_event_total")
      .help("Counter of audit events generated and sent to the audit backend.").register(registry);
  private final Counter auditErrors = Counter.builder().name("apiserver_audit_error_total")
      .help("Counter of audit events that failed to be audited properly. Plugin identifies the plugin affected by "
          + "the error.").labelNames("plugin").register(registry);
  private final AdmissionMetrics admission = new AdmissionMetrics(registry);

  public ApiServerMetrics() {
    JvmMetrics.builder().register(registry);
  }

  /** Where admission reports its latencies and webhook rejections. */
  public AdmissionObserver admission() {
    return admission;
  }

  /** Where the audit backend reports events and failures. */
  public AuditObserver audit() {
    return new AuditObserver() {
      @Override
      public void event() {
        auditEvents.inc();
      }

      @Override
      public void error(String plugin) {
        auditErrors.labelValues(plugin).inc();
      }
    };
  }

  /**
   * An encoded watch event of {@code bytes} sent to a client watching {@code group/version
   * resource}: counted and sized as kube's watch handler records every event it writes (custom
   * resources and every group alike).
   */
  public void watchEventSent(String group, String version, String resource, int bytes) {
    watchEvents.labelValues(group, version, resource).inc();
    watchEventSizes.labelValues(group, version, resource).observe(bytes);
  }

  /** Counts a finished request and its latency (kube records both as the response is written). */
  public void request(RequestLabels l, int code, double seconds) {
    requests.labelValues(l.verb(), l.dryRun(), l.group(), l.version(), l.resource(), l.subresource(), l.scope(),
        RequestLabels.COMPONENT, Integer.toString(code)).inc();
    requestDuration.labelValues(l.verb(), l.dryRun(), l.group(), l.version(), l.resource(), l.subresource(), l.scope(),
        RequestLabels.COMPONENT).observe(seconds);
  }

  /** A request of {@code kind} ({@code readOnly} or {@code mutating}) started (+1) or ended (-1). */
  public void inflight(String kind, int delta) {
    inflight.labelValues(kind).inc(delta);
  }

  /** A long-running request (watch, exec-like) started (+1) or ended (-1). */
  public void longRunning(RequestLabels l, int delta) {
    longRunning.labelValues(l.verb(), l.group(), l.version(), l.resource(), l.subresource(), l.scope(),
        RequestLabels.COMPONENT).inc(delta);
  }

  /** A request refused or ended in self-defense with {@code code} (429, 504); {@code reason} e.g. {@code queue-full}. */
  public void terminated(RequestLabels l, int code, String reason) {
    terminations.labelValues(l.verb(), l.group(), l.version(), l.resource(), l.subresource(), l.scope(),
        RequestLabels.COMPONENT, Integer.toString(code)).inc();
    if (code == 429) {
      rejected.labelValues(RequestLabels.PRIORITY_LEVEL, RequestLabels.PRIORITY_LEVEL, reason).inc();
    }
  }

  /** A request waits in a fair queue (+1) or left it (-1). */
  public void queued(int delta) {
    inQueue.labelValues(RequestLabels.PRIORITY_LEVEL, RequestLabels.PRIORITY_LEVEL).inc(delta);
  }

  /** An authentication attempt: {@code success}, {@code failure} or {@code error}. */
  public void authentication(String result) {
    authentications.labelValues(result).inc();
  }

  /** Everything this server measures, for the exposition. */
  public PrometheusRegistry registry() {
    return registry;
  }

  /** Publishes {@code apiserver_storage_objects{resource}} read from {@code counts} at each scrape. */
  public void storageObjects(Supplier<Map<String, Long>> counts) {
    GaugeWithCallback.builder().name("apiserver_storage_objects")
        .help("Number of stored objects at the time of last check split by kind.")
        .labelNames("resource")
        .callback(cb -> counts.get().forEach((resource, n) -> cb.call(n, resource)))
        .register(registry);
  }
}
