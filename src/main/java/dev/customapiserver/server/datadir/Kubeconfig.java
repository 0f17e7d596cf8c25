package dev.customapiserver.server.datadir;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Renders a kubeconfig with one cluster (server URL + CA), one token user and one context. */
final class Kubeconfig {
  static final String NAME = "custom-apiserver";
  static final String USER = "admin";

  private Kubeconfig() {}

  static String render(String serverUrl, String caPem, String token) {
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("server", serverUrl);
    cluster.put("certificate-authority-data",
        Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII)));
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("cluster", NAME);
    context.put("user", USER);
    context.put("namespace", "default");
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("apiVersion", "v1");
    root.put("kind", "Config");
    root.put("clusters", List.of(Map.of("name", NAME, "cluster", cluster)));
    root.put("users", List.of(Map.of("name", USER, "user", Map.of("token", token))));
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
