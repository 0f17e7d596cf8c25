package dev.customapiserver.server;

import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.client.InCluster;
import dev.customapiserver.client.Kubeconfig;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The cluster behind each kubeconfig flag ({@code --authentication-kubeconfig}, {@code
 * --authorization-kubeconfig}, {@code --kubeconfig}), as k8s.io/apiserver resolves them: the file
 * when the flag is given; else, in a pod, client-go's in-cluster configuration; else none (the
 * server stands alone). A pod whose service-account token cannot be read is warned about and
 * treated as not in a cluster, as kube does for optional remote kubeconfigs.
 */
final class ClusterConnections {
  /** kube's delegated client timeout. */
  static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(10);
  private static final System.Logger LOG = System.getLogger(ClusterConnections.class.getName());
  private final Flags flags;
  private final InCluster inCluster;

  ClusterConnections(Flags flags, InCluster inCluster) {
    this.flags = flags;
    this.inCluster = inCluster;
  }

  /**
   * The client of {@code option}'s kubeconfig, else of the in-cluster configuration.
   *
   * @param purpose what the cluster is asked for, in kube's words ("delegated authentication")
   * @param explicit opens the file of the flag (with the flag's own error message)
   */
  Optional<ClusterClient> resolve(Option option, String purpose, Function<Path,
      ClusterClient> explicit) {
    Optional<Path> file = flags.path(option);
    if (file.isPresent()) {
      return Optional.of(explicit.apply(file.get()));
    }
    Optional<Kubeconfig> pod;
    try {
      pod = inCluster.config();
    } catch (IllegalArgumentException e) {
      LOG.log(System.Logger.Level.WARNING, "failed to read in-cluster kubeconfig for " + purpose + ": " + e.getMessage());
      return Optional.empty();
    }
    pod.ifPresent(k -> LOG.log(System.Logger.Level.INFO, "No " + option.flag() + " given: using the in-cluster configuration ("
        + k.server() + ", service-account token " + inCluster.tokenFile() + ") for " + purpose));
    return pod.map(k -> new ClusterClient(k, CLIENT_TIMEOUT));
  }
}
