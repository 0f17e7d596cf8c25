package dev.customapiserver.e2e;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.kubernetes.client.extended.leaderelection.LeaderElector;
import io.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One leader-election candidate as its own process, for {@link LeaderElectionIT}:
 * {@code LeaderCandidate <fabric8|official> <kubeconfig> <namespace> <lease> <identity>}. It runs the
 * client's own LeaderElector on a coordination.k8s.io Lease and prints, one line each,
 * {@code LEADING <identity>} when it becomes the leader, {@code LEADER <identity>} when it sees a
 * (new) leader, and {@code STOPPED} when it loses the lease. Runs until killed.
 */
public final class LeaderCandidate {
  static final Duration LEASE = Duration.ofSeconds(4);
  static final Duration RENEW_DEADLINE = Duration.ofSeconds(3);
  static final Duration RETRY = Duration.ofMillis(500);

  private LeaderCandidate() {}

  public static void main(String[] args) throws Exception {
    String kind = args[0];
    Path kubeconfig = Path.of(args[1]);
    String namespace = args[2];
    String lease = args[3];
    String identity = args[4];
    if (kind.equals("fabric8")) {
      fabric8(kubeconfig, namespace, lease, identity);
    } else {
      official(kubeconfig, namespace, lease, identity);
    }
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }

  private static void fabric8(Path kubeconfig, String namespace, String lease, String identity) throws Exception {
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
      client.leaderElector().withConfig(new LeaderElectionConfigBuilder()
              .withName(lease)
              .withLeaseDuration(LEASE)
              .withRenewDeadline(RENEW_DEADLINE)
              .withRetryPeriod(RETRY)
              .withLock(new io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock(namespace, lease, identity))
              .withLeaderCallbacks(new LeaderCallbacks(() -> say("LEADING " + identity), () -> say("STOPPED"),
                  leader -> say("LEADER " + leader)))
              .build())
          .build().run();
    }
  }

  private static void official(Path kubeconfig, String namespace, String lease, String identity) throws Exception {
    ApiClient client;
    try (Reader r = Files.newBufferedReader(kubeconfig)) {
      client = ClientBuilder.kubeconfig(KubeConfig.loadKubeConfig(r)).build();
    }
    LeaderElectionConfig config = new LeaderElectionConfig(new LeaseLock(namespace, lease, identity, client),
        LEASE, RENEW_DEADLINE, RETRY);
    try (LeaderElector elector = new LeaderElector(config)) {
      elector.run(() -> say("LEADING " + identity), () -> say("STOPPED"), leader -> say("LEADER " + leader));
    }
  }
}
