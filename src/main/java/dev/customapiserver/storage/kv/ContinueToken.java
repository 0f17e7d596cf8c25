package dev.customapiserver.storage.kv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The opaque continue token of a paged list, the same for every backend (JPA's too; the watch
 * cache has its own): base64url of JSON {@code {"v":1,"rv":N,"ns":..,"name":..}}, the revision of
 * the first page and the last key returned; the next page starts after that key. Also the tail of
 * the key-value backends' list pages ({@link #page}) and the EXPIRED of a compacted token
 * ({@link #expired}).
 *
 * @param resourceVersion the first page's resourceVersion, reported by every later page
 * @param namespace namespace of the last key returned ("" for a cluster-scoped one)
 * @param name name of the last key returned
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

  /**
   * The EXPIRED of this token once its revision was compacted, in kube-apiserver's words, carrying
   * a fresh token for the same key at {@code current}: the caller may continue, inconsistently.
   */
  public StorageException expired(long current) {
    return StorageException.expiredContinue("The provided continue parameter is too old to display a consistent "
        + "list result. You can start a new list without the continue parameter, or use the continue token in "
        + "this response to retrieve the remainder of the results. Continuing with the provided token results "
        + "in an inconsistent list - objects that were created, modified, or deleted between the time the first "
        + "chunk was returned and now may show up in the list.",
        new ContinueToken(current, namespace, name).encode());
  }

  /**
   * A page of a list read at revision {@code at}: the last one when no more items match, else with
   * the token that continues after its last item and, when {@code counted}, the number left.
   *
   * @param more how many items after the page match (at least that many when not {@code counted})
   */
  public static <H extends KubeObject> ListPage<H> page(List<H> items, long at, long more, boolean counted) {
    if (more == 0) {
      return new ListPage<>(items, at, null, null);
    }
    H last = items.get(items.size() - 1);
    String next = new ContinueToken(at, last.metadata().namespace == null ? "" : last.metadata().namespace,
        last.metadata().name).encode();
    return new ListPage<>(items, at, next, counted ? more : null);
  }

  private static StorageException invalid(String message, Throwable cause) {
    return new StorageException(Reason.INVALID_ARGUMENT, null, message, cause);
  }
}
