package dev.customapiserver.testkit;

import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.embedded.EmbeddedServer;
import io.kubernetes.client.openapi.ApiClient;
import java.security.SecureRandom;
import java.time.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A server started by {@link ApiServerBuilder}: where it is and how to reach it as admin. */
public final class RunningApiServer implements AutoCloseable {
  private final EmbeddedServer server;
  private final ResettableStorage storage;
  private final Path dataDir;
  private final Path ownedDir;
  private final long startMillis;

  RunningApiServer(EmbeddedServer server, ResettableStorage storage, Path dataDir, Path ownedDir, long startMillis) {
    this.server = server;
    this.storage = storage;
    this.dataDir = dataDir;
    this.ownedDir = ownedDir;
    this.startMillis = startMillis;
  }

  /** The HTTPS base URL, e.g. {@code https://127.0.0.1:41234}. */
  public URI url() {
    return server.secureUri();
  }

  /** The kubeconfig file (cluster with CA, admin user with bearer token). */
  public Path kubeconfig() {
    return server.kubeconfig().orElseThrow();
  }

  /** The kubeconfig's YAML: {@code Config.fromKubeconfig(yaml)} (fabric8), {@code KubeConfig.loadKubeConfig} (official client). */
  public String kubeconfigYaml() {
    return read(kubeconfig());
  }

  /**
   * A fabric8 client configuration for the admin (URL, CA, token). Needs {@code
   * io.fabric8:kubernetes-client} on the classpath (test scope); fails with a message saying so.
   */
  public io.fabric8.kubernetes.client.Config fabric8Config() {
    try {
      return Fabric8Clients.config(kubeconfigYaml());
    } catch (NoClassDefFoundError e) {
      throw missing("fabric8Config()", "io.fabric8:kubernetes-client", e);
    }
  }

  /** A new fabric8 client as admin (close it when done); needs {@code io.fabric8:kubernetes-client}. */
  public io.fabric8.kubernetes.client.KubernetesClient fabric8Client() {
    try {
      return Fabric8Clients.client(kubeconfigYaml());
    } catch (NoClassDefFoundError e) {
      throw missing("fabric8Client()", "io.fabric8:kubernetes-client", e);
    }
  }

  /**
   * A new official Kubernetes Java client as admin ({@code new CoreV1Api(server.officialClient())});
   * needs {@code io.kubernetes:client-java} on the classpath (test scope).
   */
  public ApiClient officialClient() {
    try {
      return OfficialClients.client(kubeconfigYaml());
    } catch (NoClassDefFoundError e) {
      throw missing("officialClient()", "io.kubernetes:client-java", e);
    }
  }

  private static IllegalStateException missing(String method, String artifact, NoClassDefFoundError e) {
    return new IllegalStateException("RunningApiServer." + method + " needs " + artifact
        + " on the classpath: add it as a (test-scoped) dependency (" + e.getMessage() + " is missing)", e);
  }

  /** The admin's bearer token (user {@code admin}, group {@code system:masters}). */
  public String adminToken() {
    return read(files().adminTokenFile()).trim();
  }

  /** The PEM CA certificate the serving certificate chains to. */
  public Path caCertificate() {
    return files().caCertFile();
  }

  private DataDirectory files() {
    return new DataDirectory(dataDir, Clock.systemUTC(), new SecureRandom());
  }

  /** The data directory (removed on close when the builder made it). */
  public Path dataDir() {
    return dataDir;
  }

  /** How long {@link ApiServerBuilder#start} took, until the server accepted requests. */
  public long startMillis() {
    return startMillis;
  }

  /**
   * Brings the server back to the state it had when it became ready, without a restart: every
   * object created since is gone (in every namespace, cluster-scoped ones too, finalizers or not),
   * the bootstrap objects (the {@code default} namespace, the RBAC defaults, ...) are as they were
   * at start, and the watches clients opened since the start end with {@code 410 Expired} (an
   * informer lists again and finds the clean state). The objects get new resourceVersions, so the
   * server's own controllers and caches follow as for any change. URL, CA, token and clients stay
   * valid. Stop your own controllers (operators) first, or they may write again right away.
   *
   * @return how many objects were deleted or restored
   */
  public int reset() {
    return storage.reset();
  }

  /** Stops the server and removes its temporary data directory. */
  @Override
  public void close() {
    server.close();
    delete(ownedDir);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void delete(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a temporary folder
    }
  }
}
