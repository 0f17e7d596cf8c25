package dev.customapiserver.storage.jpa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The opaque continue token of a paged list: base64url of JSON {@code {"v":1,"rv":N,"ns":..,"name":..}}
 * — the revision of the first page and the last key returned. The next page starts after that key.
 *
 * @param resourceVersion the first page's resourceVersion, reported by every later page
 * @param namespace namespace of the last key returned
 * @param name name of the last key returned
 */
record ContinueToken(long resourceVersion, String namespace, String name) {
  private static final int FORMAT = 1;

  String encode(ObjectMapper json) {
    ObjectNode node = json.createObjectNode();
    node.put("v", FORMAT).put("rv", resourceVersion).put("ns", namespace).put("name", name);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(node.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** @throws StorageException INVALID_ARGUMENT when the token is not one of ours */
  static ContinueToken decode(String token, ObjectMapper json) {
    try {
      JsonNode node = json.readTree(Base64.getUrlDecoder().decode(token));
      if (node == null || node.path("v").asInt() != FORMAT || !node.path("rv").canConvertToLong()
          || !node.path("ns").isTextual() || !node.path("name").isTextual() || node.path("rv").asLong() < 0) {
        throw invalid(token, null);
      }
      return new ContinueToken(node.path("rv").asLong(), node.path("ns").asText(), node.path("name").asText());
    } catch (IllegalArgumentException | IOException e) {
      throw invalid(token, e);
    }
  }

  private static StorageException invalid(String token, Throwable cause) {
    return new StorageException(Reason.INVALID_ARGUMENT, null, "continue token is not valid: " + token, cause);
  }
}
