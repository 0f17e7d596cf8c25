package dev.customapiserver.server;

import dev.customapiserver.metrics.ApiServerMetrics;
import dev.customapiserver.metrics.MetricsServlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.time.Duration;

/**
 * The operations room of the composition root: the server's metrics (one registry, handed by
 * constructor to the filters and, by the {@link StorageStack}, the storage decorator that record), the {@code /metrics} endpoint
 * (behind the whole pipeline like every other path), and the shutdown state: once {@link
 * #shutdownInitiated} the {@code shutdown} check of {@code /readyz} fails, and {@link #endWatches}
 * ends the open watch streams.
 */
final class Operations {
  /** Ends the open watch streams within a grace period; true when all ended in time. */
  interface WatchEnder {
    boolean endWatches(Duration grace) throws InterruptedException;
  }

  /**
   * JVM system property for benchmarking the metrics' cost: {@code false} leaves out the metrics
   * filter and the storage metering ({@code /metrics} stays, with what else records).
   */
  static final String METRICS_PROPERTY = "custom-apiserver.metrics";
  private final ApiServerMetrics metrics = new ApiServerMetrics();
  private final boolean requestMetrics = !"false".equals(System.getProperty(METRICS_PROPERTY));
  private volatile boolean shuttingDown;
  private volatile WatchEnder watches = grace -> true;

  ApiServerMetrics metrics() {
    return metrics;
  }

  /**
   * Whether requests and storage calls are measured (false only when benchmarking without, see
   * {@link #METRICS_PROPERTY}).
   */
  boolean requestMetrics() {
    return requestMetrics;
  }

  /** Who ends the watch streams at shutdown (the REST API). */
  Operations watches(WatchEnder ender) {
    this.watches = ender;
    return this;
  }

  /** The {@code shutdown} check of {@code /readyz}: fails from {@link #shutdownInitiated} on. */
  HealthCheck readiness() {
    return new HealthCheck("shutdown", () -> !shuttingDown);
  }

  void shutdownInitiated() {
    shuttingDown = true;
  }

  boolean endWatches(Duration grace) throws InterruptedException {
    return watches.endWatches(grace);
  }

  /** Adds {@code /metrics}; call while the context initializes. */
  void register(ServletContext context) {
    ServletRegistration.Dynamic servlet = context.addServlet("metrics", new MetricsServlet(metrics));
    servlet.addMapping("/metrics");
  }
}
