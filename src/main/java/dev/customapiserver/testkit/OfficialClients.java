package dev.customapiserver.testkit;

import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.Config;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;

/** The official Kubernetes Java client for a running server; loaded only when asked for. */
final class OfficialClients {
  private OfficialClients() {}

  static ApiClient client(String kubeconfigYaml) {
    try {
      return Config.fromConfig(new StringReader(kubeconfigYaml));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the server's kubeconfig", e);
    }
  }
}
