package dev.customapiserver.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The current context of a kubeconfig file, as client-go resolves it for a webhook or a delegated
 * client: the cluster's server and CA (or {@code insecure-skip-tls-verify}) and the user's client
 * certificate and bearer token. {@code *-data} fields hold base64 PEM; file fields are relative to
 * the kubeconfig's folder.
 *
 * @param server the cluster's URL (for a webhook: the URL posted to, path included)
 * @param certificateAuthority CAs to verify the server with; empty = the JVM's default trust
 * @param clientCertificate the user's certificate chain, empty = none
 * @param clientKey the key of {@code clientCertificate}
 * @param token the bearer token, if any
 * @param tokenFile the file holding the bearer token (read again for every request: a pod's projected
 *     service-account token rotates), if no {@code token}
 */
public record Kubeconfig(URI server, List<X509Certificate> certificateAuthority, boolean insecureSkipTlsVerify,
    Optional<String> tlsServerName, List<X509Certificate> clientCertificate, Optional<PrivateKey> clientKey,
    Optional<String> token, Optional<Path> tokenFile) {

  public Kubeconfig {
    certificateAuthority = List.copyOf(certificateAuthority);
    clientCertificate = List.copyOf(clientCertificate);
  }

  /**
   * Reads {@code file}'s current context (or its only context).
   *
   * @throws IllegalArgumentException naming the file and what is wrong with it
   */
  public static Kubeconfig read(Path file) {
    try {
      JsonNode root = new YAMLMapper().readTree(Files.readString(file));
      if (root == null || !root.isObject()) {
        throw new IllegalArgumentException("not a kubeconfig");
      }
      return parse(root, file.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new IllegalArgumentException("error loading kubeconfig " + file + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid kubeconfig " + file + ": " + e.getMessage(), e);
    }
  }

  static Kubeconfig parse(JsonNode root, Path dir) {
    JsonNode contexts = root.path("contexts");
    String current = root.path("current-context").asText("");
    JsonNode context;
    if (!current.isEmpty()) {
      context = named(contexts, current).orElseThrow(() -> new IllegalArgumentException("context \"" + current + "\" not found"));
    } else if (contexts.size() == 1) {
      context = contexts.get(0);
    } else if (contexts.size() == 0 && root.path("clusters").size() == 1) {
      context = null;
    } else {
      throw new IllegalArgumentException("no current-context is set");
    }
    JsonNode cluster = context == null ? root.path("clusters").get(0).path("cluster")
        : named(root.path("clusters"), context.path("context").path("cluster").asText(""))
            .orElseThrow(() -> new IllegalArgumentException("cluster \"" + context.path("context").path("cluster").asText("")
                + "\" not found")).path("cluster");
    JsonNode user = context == null ? root.path("users").path(0).path("user")
        : named(root.path("users"), context.path("context").path("user").asText("")).map(u -> u.path("user"))
            .orElse(MissingNode.getInstance());
    String server = cluster.path("server").asText("");
    if (server.isEmpty()) {
      throw new IllegalArgumentException("the cluster has no server");
    }
    List<X509Certificate> ca = pem(cluster, "certificate-authority", dir).map(PemBundle::certificates).orElse(List.of());
    List<X509Certificate> cert = pem(user, "client-certificate", dir).map(PemBundle::certificates).orElse(List.of());
    Optional<PrivateKey> key = pem(user, "client-key", dir).map(PemBundle::privateKey);
    if (!cert.isEmpty() && key.isEmpty()) {
      throw new IllegalArgumentException("client-certificate without client-key");
    }
    Optional<String> token = text(user, "token");
    Optional<Path> tokenFile = token.isPresent() ? Optional.empty() : text(user, "tokenFile").map(dir::resolve);
    tokenFile.ifPresent(Kubeconfig::readString); // readable now, or the kubeconfig is refused
    return new Kubeconfig(URI.create(server), ca, cluster.path("insecure-skip-tls-verify").asBoolean(false),
        text(cluster, "tls-server-name"), cert, key, token, tokenFile);
  }

  private static Optional<JsonNode> named(JsonNode list, String name) {
    for (JsonNode n : list) {
      if (name.equals(n.path("name").asText())) {
        return Optional.of(n);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> text(JsonNode node, String field) {
    return Optional.of(node.path(field).asText("")).filter(s -> !s.isEmpty());
  }

  /** The PEM of {@code <field>-data} (base64) or of the file {@code <field>}. */
  private static Optional<byte[]> pem(JsonNode node, String field, Path dir) {
    Optional<String> data = text(node, field + "-data");
    if (data.isPresent()) {
      return Optional.of(Base64.getMimeDecoder().decode(data.get()));
    }
    return text(node, field).map(f -> readString(dir.resolve(f)).getBytes(StandardCharsets.US_ASCII));
  }

  /** The bearer token now: {@code token}, else the current content of {@code tokenFile}. */
  public Optional<String> currentToken() {
    return token.isPresent() ? token : tokenFile.map(f -> readString(f).trim());
  }

  private static String readString(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
