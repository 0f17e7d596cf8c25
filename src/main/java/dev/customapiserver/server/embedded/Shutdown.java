package dev.customapiserver.server.embedded;

import dev.customapiserver.server.ApiServer;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.time.Duration;
import org.eclipse.jetty.server.Server;

/**
 * kube-apiserver's graceful shutdown on embedded Jetty, in its order: (1) {@code /readyz} fails
 * and the server keeps serving for {@code delay} so load balancers take it out; (2) the open watch
 * streams end cleanly (the chunked response's proper end) within {@code watchGrace}; (3) the
 * listeners close, the requests in flight finish within {@code drainTimeout}, and the context stops,
 * which closes the storage (every acknowledged write is committed before its response).
 */
record Shutdown(Duration delay, Duration watchGrace, Duration drainTimeout) {
  private static final System.Logger LOG = System.getLogger(Shutdown.class.getName());
  /** The least time given to watches and requests in flight, whatever the flags say. */
  private static final Duration FLOOR = Duration.ofSeconds(5);

  static Shutdown of(ServerConfig config) {
    Duration grace = config.flags().duration(Option.SHUTDOWN_WATCH_TERMINATION_GRACE_PERIOD);
    Duration timeout = config.flags().duration(Option.REQUEST_TIMEOUT);
    return new Shutdown(config.flags().duration(Option.SHUTDOWN_DELAY_DURATION),
        grace.compareTo(FLOOR) < 0 ? FLOOR : grace, timeout.compareTo(FLOOR) < 0 ? FLOOR : timeout);
  }

  void run(ApiServer api, Server jetty) throws Exception {
    api.shutdownInitiated();
    if (!delay.isZero()) {
      LOG.log(System.Logger.Level.INFO, "Shutting down: /readyz fails; serving for {0} more (--shutdown-delay-duration)",
          delay);
      Thread.sleep(delay.toMillis()); // the documented delay itself, not a synchronisation
    }
    if (!api.endWatches(watchGrace)) {
      LOG.log(System.Logger.Level.WARNING, "Some watch streams did not end within {0}; they are cut off", watchGrace);
    }
    LOG.log(System.Logger.Level.INFO, "Shutting down: no new connections; finishing the requests in flight");
    jetty.stop();
    LOG.log(System.Logger.Level.INFO, "Stopped; the storage is closed");
  }
}
