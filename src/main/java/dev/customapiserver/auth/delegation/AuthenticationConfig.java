package dev.customapiserver.auth.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.client.PemBundle;
import dev.customapiserver.auth.requestheader.RequestHeaderConfig;
import java.io.IOException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The contents of the {@code extension-apiserver-authentication} ConfigMap: {@code client-ca-file}
 * (PEM) and, when {@code requestheader-client-ca-file} is set, the front-proxy settings, whose list
 * values are JSON arrays inside strings ({@code ["X-Remote-User"]}).
 *
 * @param clientCa CAs of user client certificates; empty = none
 * @param requestHeader the front-proxy settings, if any
 */
public record AuthenticationConfig(List<X509Certificate> clientCa, Optional<RequestHeaderConfig> requestHeader) {
  /** The ConfigMap's namespace and name. */
  public static final String NAMESPACE = "kube-system";
  public static final String NAME = "extension-apiserver-authentication";
  private static final ObjectMapper JSON = new ObjectMapper();

  public AuthenticationConfig {
    clientCa = List.copyOf(clientCa);
  }

  /** No ConfigMap (or an empty one). */
  public static AuthenticationConfig empty() {
    return new AuthenticationConfig(List.of(), Optional.empty());
  }

  /**
   * Reads a ConfigMap's {@code data}.
   *
   * @throws IllegalArgumentException naming the key whose value is not what kube writes
   */
  public static AuthenticationConfig of(JsonNode data) {
    List<X509Certificate> clientCa = pem(data, "client-ca-file");
    List<X509Certificate> proxyCa = pem(data, "requestheader-client-ca-file");
    Optional<RequestHeaderConfig> requestHeader = proxyCa.isEmpty() ? Optional.empty()
        : Optional.of(new RequestHeaderConfig(proxyCa, list(data, "requestheader-allowed-names"),
            list(data, "requestheader-username-headers"), list(data, "requestheader-uid-headers"),
            list(data, "requestheader-group-headers"), list(data, "requestheader-extra-headers-prefix")));
    return new AuthenticationConfig(clientCa, requestHeader);
  }

  private static List<X509Certificate> pem(JsonNode data, String key) {
    String value = data.path(key).asText("");
    if (value.isBlank()) {
      return List.of();
    }
    try {
      return PemBundle.certificates(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
    }
  }

  private static List<String> list(JsonNode data, String key) {
    String value = data.path(key).asText("");
    if (value.isBlank()) {
      return List.of();
    }
    try {
      JsonNode array = JSON.readTree(value);
      if (!array.isArray()) {
        throw new IllegalArgumentException(key + ": not a JSON array of strings: " + value);
      }
      List<String> out = new ArrayList<>();
      array.forEach(n -> out.add(n.asText()));
      return out;
    } catch (IOException e) {
      throw new IllegalArgumentException(key + ": not a JSON array of strings: " + value, e);
    }
  }
}
