package dev.customapiserver.server;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.filters.AuthenticationFilter;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.filters.MaxInFlightFilter;
import dev.customapiserver.filters.MetricsFilter;
import dev.customapiserver.filters.TimeoutFilter;
import dev.customapiserver.flowcontrol.FairLimiter;
import dev.customapiserver.metrics.ApiServerMetrics;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.RequestPipeline.Stage;
import dev.customapiserver.server.config.ServerConfig;
import java.time.Clock;
import java.time.Duration;

/**
 * The pipeline room of the composition root: the standard stages plus the slots {@code config}
 * fills (max-in-flight, metrics, audit, timeout).
 */
final class PipelineWiring {
  /** Requests one user may have waiting for a seat (kube's default queue length). */
  static final int QUEUE_LENGTH = 50;
  /** The longest wait for a seat (kube's APF request wait limit); a quarter of a shorter request timeout. */
  static final Duration MAX_QUEUE_WAIT = Duration.ofSeconds(15);

  private PipelineWiring() {}

  static RequestPipeline pipeline(ServerConfig config, Codecs codecs, AuthenticationChain authentication,
      Authorizer authorizer, Operations ops) {
    RequestPipeline standard = RequestPipeline.standard(codecs, Clock.systemUTC(), authentication, authorizer);
    return AuditWiring.filter(config, codecs, Clock.systemUTC(), ops.metrics().audit())
        .map(audit -> standard.with(RequestPipeline.Stage.AUDIT, audit).with(RequestPipeline.Stage.AUTHENTICATION,
            new AuthenticationFilter(authentication, audit.failedAuthentication(AuthenticationFilter.writeStatus(codecs)))))
        .orElse(standard);
  }

  /**
   * {@code pipeline} with the operations slots filled: metrics; max-in-flight ({@code
   * --max-requests-inflight}, {@code --max-mutating-requests-inflight}, per-user fair queues with
   * {@code --enable-priority-and-fairness}); the request timeout ({@code --request-timeout}).
   */
  static RequestPipeline operations(RequestPipeline pipeline, ServerConfig config, Codecs codecs, Operations ops) {
    Flags flags = config.flags();
    boolean fair = flags.bool(Option.ENABLE_PRIORITY_AND_FAIRNESS);
    Duration timeout = flags.duration(Option.REQUEST_TIMEOUT);
    Duration wait = timeout.isZero() || timeout.compareTo(MAX_QUEUE_WAIT) > 0 ? MAX_QUEUE_WAIT : timeout.dividedBy(4);
    ApiServerMetrics metrics = ops.metrics();
    FairLimiter readOnly = new FairLimiter(flags.integer(Option.MAX_REQUESTS_INFLIGHT, 0), fair, QUEUE_LENGTH, wait, metrics::queued);
    FairLimiter mutating = new FairLimiter(flags.integer(Option.MAX_MUTATING_REQUESTS_INFLIGHT, 0), fair, QUEUE_LENGTH, wait,
        metrics::queued);
    RequestPipeline metered = ops.requestMetrics() ? pipeline.with(Stage.METRICS, new MetricsFilter(metrics)) : pipeline;
    return metered.with(Stage.MAX_IN_FLIGHT, new MaxInFlightFilter(readOnly, mutating, metrics, codecs))
        .with(Stage.TIMEOUT, new TimeoutFilter(timeout, metrics, codecs));
  }
}
