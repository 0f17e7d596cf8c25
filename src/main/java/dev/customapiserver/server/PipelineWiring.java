package dev.customapiserver.server;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.filters.MetricsFilter;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.RequestPipeline.Stage;
import dev.customapiserver.server.config.ServerConfig;
import java.time.Clock;

/**
 * The pipeline room of the composition root: the standard stages plus the slots {@code config}
 * fills (max-in-flight, metrics, audit, timeout).
 */
final class PipelineWiring {
  private PipelineWiring() {}

  static RequestPipeline pipeline(ServerConfig config, Codecs codecs, AuthenticationChain authentication,
      Authorizer authorizer) {
    RequestPipeline standard = RequestPipeline.standard(codecs, Clock.systemUTC(), authentication, authorizer);
    return AuditWiring.filter(config, codecs, Clock.systemUTC())
        .map(audit -> standard.with(RequestPipeline.Stage.AUDIT, audit)).orElse(standard);
  }

  /** {@code pipeline} with the operations slots filled: metrics (and max-in-flight and timeout as configured). */
  static RequestPipeline operations(RequestPipeline pipeline, ServerConfig config, Codecs codecs, Operations ops) {
    return pipeline.with(Stage.METRICS, new MetricsFilter(ops.metrics()));
  }
}
