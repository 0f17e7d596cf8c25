package dev.customapiserver.server.datadir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The server's state files under one directory: {@code pki/} (CA and serving certificate),
 * {@code admin.token} and {@code kubeconfig}. Everything is created on first use and reused later.
 */
public final class DataDirectory {
  /** Names every generated serving certificate carries. */
  public static final List<String> LOOPBACK_DNS = List.of("localhost");
  public static final List<String> LOOPBACK_IPS = List.of("127.0.0.1", "::1");

  private final Path root;
  private final SecureRandom random;
  private final Pki pki;

  public DataDirectory(Path root, Clock clock, SecureRandom random) {
    this.root = root.toAbsolutePath().normalize();
    this.random = random;
    this.pki = new Pki(this.root.resolve("pki"), new Certificates(random), clock);
  }

  public Path root() {
    return root;
  }

  public Path adminTokenFile() {
    return root.resolve("admin.token");
  }

  public Path kubeconfigFile() {
    return root.resolve("kubeconfig");
  }

  public Path caCertFile() {
    return pki.caCertFile();
  }

  /** Where the generated CA certificate of the data directory {@code root} lives ({@code pki/ca.crt}). */
  public static Path caCertFile(Path root) {
    return root.toAbsolutePath().normalize().resolve("pki").resolve("ca.crt");
  }

  /** The admin bearer token: read from {@code admin.token}, or created (mode 0600). */
  public String adminToken() {
    Path file = adminTokenFile();
    try {
      if (Files.exists(file)) {
        String token = Files.readString(file, StandardCharsets.US_ASCII).trim();
        if (token.isEmpty()) {
          throw new IllegalStateException(file + " is empty; delete it to have a new admin token generated");
        }
        return token;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return newAdminToken();
  }

  /**
   * A new admin bearer token, replacing the one of {@code admin.token} (mode 0600): {@code
   * --kubectl-ephemeral-token}, so the previous token is no longer accepted.
   */
  public String newAdminToken() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    SecureFiles.write(adminTokenFile(), (token + "\n").getBytes(StandardCharsets.US_ASCII), true);
    return token;
  }

  /**
   * Writes a new client certificate of {@code user} in {@code groups}, signed by this directory's CA
   * (created if missing), into {@code certDir}: {@code client.crt}, {@code client.key} (0600), {@code
   * ca.crt} and {@code client.p12} (PKCS#12 with the key, the certificate and the CA, protected by
   * {@code password}; 0600), as {@code curl --cert client.p12:PASSWORD} reads it.
   *
   * @return the PKCS#12 file
   */
  public Path writeClientCertificate(Path certDir, String user, List<String> groups, char[] password) {
    Pki.ClientIdentity id = pki.client(user, groups, Pki.SERVING_VALIDITY, true);
    SecureFiles.write(certDir.resolve("client.crt"), id.certificatePem().getBytes(StandardCharsets.US_ASCII), false);
    SecureFiles.write(certDir.resolve("client.key"), id.keyPem().getBytes(StandardCharsets.US_ASCII), true);
    SecureFiles.write(certDir.resolve("ca.crt"), id.caPem().getBytes(StandardCharsets.US_ASCII), false);
    Path p12 = certDir.resolve("client.p12");
    SecureFiles.write(p12, Pkcs12.encode(id, password), true);
    return p12;
  }

  /**
   * The generated serving identity, valid for localhost, 127.0.0.1, ::1 and {@code extraIps}
   * (e.g. a specific bind address).
   */
  public ServingIdentity servingIdentity(List<String> extraIps) {
    return servingIdentity(extraIps, List.of());
  }

  /**
   * The same, also valid for {@code extraSans} ({@code --apiserver-cert-extra-sans}: DNS names such
   * as {@code <service>.<namespace>.svc}, which kube-apiserver's aggregator verifies, or IP literals).
   */
  public ServingIdentity servingIdentity(List<String> extraIps, List<String> extraSans) {
    return servingIdentity(extraIps, extraSans, pki);
  }

  /**
   * The same, the serving certificate (still signed by this directory's CA) kept as {@code
   * apiserver.crt}/{@code apiserver.key} in {@code servingDir} instead of {@code pki/}: kube's
   * {@code --cert-dir}, where a generated certificate is written.
   */
  public ServingIdentity servingIdentity(List<String> extraIps, List<String> extraSans, Path servingDir) {
    return servingIdentity(extraIps, extraSans, pki.servingIn(servingDir.toAbsolutePath().normalize()));
  }

  private static ServingIdentity servingIdentity(List<String> extraIps, List<String> extraSans, Pki pki) {
    List<String> ips = new ArrayList<>(LOOPBACK_IPS);
    List<String> dns = new ArrayList<>(LOOPBACK_DNS);
    extraIps.stream().filter(ip -> !ips.contains(ip)).forEach(ips::add);
    for (String san : extraSans) {
      List<String> into = san.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*") ? ips : dns;
      if (!into.contains(san)) {
        into.add(san);
      }
    }
    return pki.ensure(dns, ips);
  }

  /**
   * A kubeconfig for {@code user} in {@code groups} with a new client certificate signed by this
   * directory's CA (valid for {@code validity}), for the server at {@code serverUrl}; the cluster's CA
   * is taken from the {@code kubeconfig} the server wrote (else this directory's CA).
   *
   * @throws IllegalStateException if the server never started with this directory
   */
  public String clientKubeconfig(String user, List<String> groups, String serverUrl, Duration validity) {
    Pki.ClientIdentity id = pki.client(user, groups, validity);
    KubeconfigRenderer.Cluster cluster = KubeconfigRenderer.cluster(kubeconfigFile())
        .orElse(new KubeconfigRenderer.Cluster(serverUrl, id.caPem()));
    String server = serverUrl == null ? cluster.server() : serverUrl;
    if (server == null) {
      throw new IllegalStateException("no kubeconfig in " + root + " to take the server URL from: give --server");
    }
    return KubeconfigRenderer.renderClient(server, cluster.caPem(), user,
        id.certificatePem(), id.keyPem());
  }

  /** (Re)writes {@code kubeconfig} (mode 0600) for {@code serverUrl}, trusting the identity's anchor. */
  public Path writeKubeconfig(String serverUrl, ServingIdentity identity, String token) {
    String yaml = KubeconfigRenderer.render(serverUrl, identity.trustAnchorPem(), token);
    SecureFiles.write(kubeconfigFile(), yaml.getBytes(StandardCharsets.UTF_8), true);
    return kubeconfigFile();
  }
}
