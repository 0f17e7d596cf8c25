package dev.customapiserver.server;

import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.corecluster.CoreClusterListers;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.client.InCluster;
import dev.customapiserver.registry.Informers;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The core-cluster room of the composition root, as sample-apiserver's CoreAPI options: with
 * {@code --kubeconfig} (or, without it, in a pod: the in-cluster configuration), admission reads
 * Namespaces and webhook configurations from that cluster ({@link CoreClusterListers}); else from
 * this server's own storage as a standalone server.
 * Opens no connection until a plugin first reads (or {@link #start()}).
 */
final class CoreClusterWiring implements AutoCloseable {
  private final Optional<ClusterClient> cluster;
  private final Scheme scheme;
  private final Codecs codecs;
  private final List<CoreClusterListers> opened = new ArrayList<>();

  CoreClusterWiring(Optional<ClusterClient> cluster, Scheme scheme, Codecs codecs) {
    this.cluster = cluster;
    this.scheme = scheme;
    this.codecs = codecs;
  }

  /** The core cluster of {@code --kubeconfig}, if given. */
  static CoreClusterWiring open(ServerConfig config, Scheme scheme, Codecs codecs) {
    return open(config, scheme, codecs, InCluster.ofProcess());
  }

  /** The core cluster of {@code --kubeconfig}, else of {@code inCluster} when in a pod. */
  static CoreClusterWiring open(ServerConfig config, Scheme scheme, Codecs codecs, InCluster inCluster) {
    return new CoreClusterWiring(new ClusterConnections(config.flags(), inCluster).resolve(Option.KUBECONFIG,
        "the core cluster (namespaces, admission webhook configurations)", CoreClusterWiring::client), scheme, codecs);
  }

  /** kube's message for a kubeconfig that does not load. */
  static ClusterClient client(Path kubeconfig) {
    try {
      return ClusterClient.of(kubeconfig, ClusterConnections.CLIENT_TIMEOUT);
    } catch (IllegalArgumentException e) {
      throw ConfigException.invalid("failed to load kubeconfig at \"" + kubeconfig + "\": " + e.getMessage());
    }
  }

  /** What admission reads: {@code local}, with the core cluster's resources in place when there is one. */
  synchronized Listers listers(Listers local) {
    if (cluster.isEmpty()) {
      return local;
    }
    CoreClusterListers listers = new CoreClusterListers(local, cluster.get(), scheme, codecs.json(), Informers.SYNC_TIMEOUT);
    opened.add(listers);
    return listers;
  }

  synchronized void start() {
    opened.forEach(CoreClusterListers::start);
  }

  @Override
  public synchronized void close() {
    opened.forEach(CoreClusterListers::close);
  }
}
