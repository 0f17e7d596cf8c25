package dev.customapiserver.testkit;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

/** fabric8's client for a running server; loaded only when asked for, so fabric8 stays optional. */
final class Fabric8Clients {
  private Fabric8Clients() {}

  static Config config(String kubeconfigYaml) {
    return Config.fromKubeconfig(kubeconfigYaml);
  }

  static KubernetesClient client(String kubeconfigYaml) {
    return new KubernetesClientBuilder().withConfig(config(kubeconfigYaml)).build();
  }
}
