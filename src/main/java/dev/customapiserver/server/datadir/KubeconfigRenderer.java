package dev.customapiserver.server.datadir;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Renders a kubeconfig with one cluster (server URL + CA), one token user and one context. */
final class KubeconfigRenderer {
  static final String NAME = "custom-apiserver";
  static final String USER = "admin";

  private KubeconfigRenderer() {}

  /** The server URL and CA of a kubeconfig's first cluster. */
  record Cluster(String server, String caPem) {}

  /** The first cluster of the kubeconfig {@code file}, if it exists and names one with inline CA data. */
  static Optional<Cluster> cluster(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode c = new YAMLMapper().readTree(file.toFile()).at("/clusters/0/cluster");
      if (c.path("server").asText("").isEmpty() || c.path("certificate-authority-data").asText("").isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(new Cluster(c.get("server").asText(),
          new String(Base64.getDecoder().decode(c.get("certificate-authority-data").asText()), StandardCharsets.US_ASCII)));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** A kubeconfig whose user {@code user} presents a client certificate (PEM data inline). */
  static String renderClient(String serverUrl, String caPem, String user, String certPem, String keyPem) {
    Map<String, Object> credentials = new LinkedHashMap<>();
    credentials.put("client-certificate-data", b64(certPem));
    credentials.put("client-key-data", b64(keyPem));
    return render(serverUrl, caPem, user, credentials);
  }

  private static String b64(String pem) {
    return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII));
  }

  static String render(String serverUrl, String caPem, String token) {
    return render(serverUrl, caPem, USER, Map.of("token", token));
  }

  private static String render(String serverUrl, String caPem, String userName, Map<String, Object> credentials) {
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("server", serverUrl);
    cluster.put("certificate-authority-data",
        Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII)));
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("cluster", NAME);
    context.put("user", userName);
    context.put("namespace", "default");
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("apiVersion", "v1");
    root.put("kind", "Config");
    root.put("clusters", List.of(Map.of("name", NAME, "cluster", cluster)));
    root.put("users", List.of(Map.of("name", userName, "user", credentials)));
    root.put("contexts", List.of(Map.of("name", NAME, "context", context)));
    root.put("current-context", NAME);
    root.put("preferences", Map.of());
    try {
      return new YAMLMapper(YAMLFactory.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build()).writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
