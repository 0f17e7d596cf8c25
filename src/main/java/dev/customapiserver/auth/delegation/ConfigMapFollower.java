package dev.customapiserver.auth.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.client.Reflector;
import dev.customapiserver.auth.requestheader.RequestHeaderConfig;
import java.io.IOException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps the {@link AuthenticationConfig} of the core cluster's {@code
 * kube-system/extension-apiserver-authentication} ConfigMap current, as kube's dynamic CA and
 * request-header controllers do: {@link #lookup()} reads it once (a missing ConfigMap is empty, not an
 * error, as kube); {@link #start()} lists and watches it on a thread of its own (a {@link Reflector}),
 * re-listing after a broken watch, so that a rotated CA applies without a restart. A value that does
 * not parse leaves the last good configuration in place.
 */
public final class ConfigMapFollower implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(ConfigMapFollower.class.getName());
  private static final String COLLECTION = "/api/v1/namespaces/" + AuthenticationConfig.NAMESPACE + "/configmaps";
  private static final String SELECTOR = "fieldSelector=metadata.name%3D" + AuthenticationConfig.NAME;
  private final ClusterClient client;
  private final AtomicReference<AuthenticationConfig> current = new AtomicReference<>(AuthenticationConfig.empty());
  private final Reflector reflector;

  /** @param retryMillis the pause before listing again after a failure */
  public ConfigMapFollower(ClusterClient client, long retryMillis) {
    this.client = client;
    this.reflector = new Reflector(client, COLLECTION, SELECTOR, false, "extension-apiserver-authentication", retryMillis,
        new Follow());
  }

  /** The client CA of the ConfigMap (empty when none). */
  public List<X509Certificate> clientCa() {
    return current.get().clientCa();
  }

  /** The front-proxy settings of the ConfigMap, if any. */
  public Optional<RequestHeaderConfig> requestHeader() {
    return current.get().requestHeader();
  }

  /**
   * Reads the ConfigMap now.
   *
   * @throws IOException when the cluster cannot be reached or refuses (the message says how)
   */
  public void lookup() throws IOException, InterruptedException {
    ClusterClient.Response r = client.get(COLLECTION + "/" + AuthenticationConfig.NAME);
    if (r.code() == 404) {
      apply(null);
      return;
    }
    if (!r.ok()) {
      String hint = r.code() == 403 ? " (usually fixed by a RoleBinding in kube-system to the role "
          + "extension-apiserver-authentication-reader for this server's service account)" : "";
      throw new IOException("unable to get configmap/" + AuthenticationConfig.NAME + " in " + AuthenticationConfig.NAMESPACE
          + ": HTTP " + r.code() + " " + r.body().path("message").asText("") + hint);
    }
    apply(r.body());
  }

  /** Follows the ConfigMap on a daemon thread until {@link #close()}. */
  public void start() {
    reflector.start();
  }

  private void apply(JsonNode configMap) {
    if (configMap == null) {
      current.set(AuthenticationConfig.empty());
      return;
    }
    try {
      current.set(AuthenticationConfig.of(configMap.path("data")));
    } catch (IllegalArgumentException e) {
      LOG.log(System.Logger.Level.ERROR, "configmap/" + AuthenticationConfig.NAME + ": " + e.getMessage()
          + "; keeping the previous configuration");
    }
  }

  @Override
  public void close() {
    reflector.close();
  }

  /** What the reflector lists and sees: the ConfigMap (the list has it once or not at all) or its absence. */
  private final class Follow implements Reflector.Handler {
    @Override
    public void listed(JsonNode list) {
      JsonNode items = list.path("items");
      apply(items.size() > 0 ? items.get(0) : null);
    }

    @Override
    public void event(String type, JsonNode object) {
      apply(type.equals("DELETED") ? null : object);
    }

    @Override
    public void failed(IOException e) {
      LOG.log(System.Logger.Level.WARNING, "following configmap/" + AuthenticationConfig.NAME + ": " + e.getMessage());
    }
  }
}
