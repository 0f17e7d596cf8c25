/**
 * The server's Prometheus metrics under kube-apiserver's names and labels: {@link
 * dev.customapiserver.metrics.ApiServerMetrics} (one registry per server, passed by constructors, no
 * global), the {@code /metrics} endpoint ({@link dev.customapiserver.metrics.MetricsServlet}: text
 * format, or OpenMetrics when the {@code Accept} header asks), and the storage decorator that times
 * storage calls and counts watchers, watch events and stored objects ({@link
 * dev.customapiserver.metrics.MeteredStorageBackend}).
 */
package dev.customapiserver.metrics;
