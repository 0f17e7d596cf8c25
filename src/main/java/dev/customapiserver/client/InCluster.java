package dev.customapiserver.client;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * client-go's in-cluster configuration: the API server at {@code KUBERNETES_SERVICE_HOST} and
 * {@code KUBERNETES_SERVICE_PORT}, verified with the pod's {@code ca.crt}, the pod's service-account
 * {@code token} as bearer token (read again for every request: the projected token rotates). The
 * environment and the root the service-account mount lies under are given, so that a test can
 * stand a pod in.
 *
 * @param environment the process environment ({@code System::getenv} in a real process)
 * @param root the file-system root {@value #MOUNT} is under ({@code /} in a real pod)
 */
public record InCluster(Function<String, String> environment, Path root) {
  /** Where the kubelet mounts the service account's token and the cluster's CA. */
  public static final String MOUNT = "var/run/secrets/kubernetes.io/serviceaccount";
  /** client-go's {@code ErrNotInCluster}. */
  public static final String NOT_IN_CLUSTER =
      "unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined";
  private static final System.Logger LOG = System.getLogger(InCluster.class.getName());

  /** This process's environment and the real file-system root. */
  public static InCluster ofProcess() {
    return new InCluster(System::getenv, Path.of("/"));
  }

  /** The service-account token file. */
  public Path tokenFile() {
    return root.resolve(MOUNT).resolve("token");
  }

  /** The cluster's CA bundle. */
  public Path caFile() {
    return root.resolve(MOUNT).resolve("ca.crt");
  }

  /**
   * The in-cluster configuration, or empty when not in a cluster (no {@code
   * KUBERNETES_SERVICE_HOST}/{@code PORT}). A CA that does not load is logged and left out, as
   * client-go does (the JVM's trust applies then).
   *
   * @throws IllegalArgumentException in a cluster whose token cannot be read
   */
  public Optional<Kubeconfig> config() {
    String host = Optional.ofNullable(environment.apply("KUBERNETES_SERVICE_HOST")).orElse("");
    String port = Optional.ofNullable(environment.apply("KUBERNETES_SERVICE_PORT")).orElse("");
    if (host.isEmpty() || port.isEmpty()) {
      return Optional.empty();
    }
    Path token = tokenFile();
    try {
      Files.readString(token);
    } catch (IOException e) {
      throw new IllegalArgumentException("open " + token + ": " + e.getMessage(), e);
    }
    List<X509Certificate> ca = List.of();
    try {
      ca = PemBundle.certificates(caFile());
    } catch (IllegalArgumentException e) {
      LOG.log(System.Logger.Level.ERROR, "Expected to load root CA config from " + caFile() + ", but got err: " + e.getMessage());
    }
    URI server = URI.create("https://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
    return Optional.of(new Kubeconfig(server, ca, false, Optional.empty(), List.of(), Optional.empty(), Optional.empty(),
        Optional.of(token)));
  }
}
