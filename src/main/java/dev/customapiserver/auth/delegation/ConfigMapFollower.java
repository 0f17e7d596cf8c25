package dev.customapiserver.auth.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.auth.requestheader.RequestHeaderConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps the {@link AuthenticationConfig} of the core cluster's {@code
 * kube-system/extension-apiserver-authentication} ConfigMap current, as kube's dynamic CA and
 * request-header controllers do: {@link #lookup()} reads it once (a missing ConfigMap is empty, not an
 * error, as kube); {@link #start()} lists and watches it on a thread of its own, re-listing after a
 * broken watch, so that a rotated CA applies without a restart. A value that does not parse leaves
 * the last good configuration in place.
 */
public final class ConfigMapFollower implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(ConfigMapFollower.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String COLLECTION = "/api/v1/namespaces/" + AuthenticationConfig.NAMESPACE + "/configmaps";
  private static final String SELECTOR = "fieldSelector=metadata.name%3D" + AuthenticationConfig.NAME;
  private final ClusterClient client;
  private final long retryMillis;
  private final AtomicReference<AuthenticationConfig> current = new AtomicReference<>(AuthenticationConfig.empty());
  private final Object lock = new Object();
  private volatile boolean closed;
  private volatile InputStream watch;
  private Thread thread;

  /** @param retryMillis the pause before listing again after a failure */
  public ConfigMapFollower(ClusterClient client, long retryMillis) {
    this.client = client;
    this.retryMillis = retryMillis;
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
  public synchronized void start() {
    if (thread == null && !closed) {
      thread = new Thread(this::follow, "extension-apiserver-authentication");
      thread.setDaemon(true);
      thread.start();
    }
  }

  private void follow() {
    while (!closed) {
      try {
        ClusterClient.Response list = client.get(COLLECTION + "?" + SELECTOR);
        if (!list.ok()) {
          throw new IOException("HTTP " + list.code() + " " + list.body().path("message").asText(""));
        }
        JsonNode items = list.body().path("items");
        apply(items.size() > 0 ? items.get(0) : null);
        String rv = list.body().path("metadata").path("resourceVersion").asText("");
        readWatch(client.watch(COLLECTION + "?" + SELECTOR + "&watch=true&allowWatchBookmarks=false&timeoutSeconds=300"
            + (rv.isEmpty() ? "" : "&resourceVersion=" + rv)));
      } catch (IOException e) {
        if (!closed) {
          LOG.log(System.Logger.Level.WARNING, "following configmap/" + AuthenticationConfig.NAME + ": " + e.getMessage());
        }
      } catch (InterruptedException e) {
        return;
      }
      pause();
    }
  }

  private void readWatch(InputStream stream) throws IOException {
    watch = stream;
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null && !closed; line = lines.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode event = JSON.readTree(line);
        switch (event.path("type").asText()) {
          case "ADDED", "MODIFIED" -> apply(event.path("object"));
          case "DELETED" -> apply(null);
          case "ERROR" -> {
            return; // e.g. 410 Gone: list again
          }
          default -> { }
        }
      }
    } finally {
      watch = null;
    }
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

  private void pause() {
    synchronized (lock) {
      if (!closed) {
        try {
          lock.wait(retryMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    synchronized (lock) {
      lock.notifyAll();
    }
    Thread t;
    synchronized (this) {
      t = thread;
    }
    if (t != null) {
      t.interrupt();
    }
    InputStream w = watch;
    if (w != null) {
      try {
        w.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
