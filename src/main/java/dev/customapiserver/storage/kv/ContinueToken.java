package dev.customapiserver.storage.kv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The opaque continue token of a paged list: base64url of JSON {@code {"v":1,"rv":N,"ns":..,"name":..}},
 * the revision of the first page and the last key returned; the next page starts after that key.
 */
public record ContinueToken(long resourceVersion, String namespace, String name) {
  private static final int FORMAT = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  public String encode() {
    ObjectNode node = JSON.createObjectNode();
    node.put("v", FORMAT).put("rv", resourceVersion).put("ns", namespace).put("name", name);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(node.toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Reads {@code token} of a list of {@code namespace} ({@code null}: all namespaces).
   *
   * @throws StorageException INVALID_ARGUMENT when the token is not one of ours, was issued for
   *     another namespace, or comes with a resourceVersion parameter (as kube-apiserver refuses)
   */
  public static ContinueToken decode(String token, String namespace, String resourceVersionParameter) {
    if (resourceVersionParameter != null && !resourceVersionParameter.isEmpty() && !"0".equals(resourceVersionParameter)) {
      throw invalid("specifying resource version is not allowed when using continue", null);
    }
    ContinueToken t;
    try {
      JsonNode node = JSON.readTree(Base64.getUrlDecoder().decode(token));
      if (node == null || node.path("v").asInt() != FORMAT || !node.path("rv").canConvertToLong()
          || !node.path("ns").isTextual() || !node.path("name").isTextual() || node.path("rv").asLong() < 0) {
        throw invalid("continue key is not valid: " + token, null);
      }
      t = new ContinueToken(node.path("rv").asLong(), node.path("ns").asText(), node.path("name").asText());
    } catch (IllegalArgumentException | IOException e) {
      throw invalid("continue key is not valid: " + token, e);
    }
    if (namespace != null && !namespace.equals(t.namespace)) {
      throw invalid("continue key is not valid: it belongs to another namespace", null);
    }
    return t;
  }

  private static StorageException invalid(String message, Throwable cause) {
    return new StorageException(Reason.INVALID_ARGUMENT, null, message, cause);
  }
}
