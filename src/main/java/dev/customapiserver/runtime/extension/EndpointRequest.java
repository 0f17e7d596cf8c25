package dev.customapiserver.runtime.extension;

import dev.customapiserver.api.meta.UserInfo;
import java.util.List;
import java.util.Map;

/**
 * One request to an extension endpoint.
 *
 * @param path the path template's parameters, decoded
 * @param query the query parameters, every value of each
 * @param contentType the body's media type without parameters, lower case ({@code application/json} when absent)
 * @param body the body (size-limited as API bodies are), empty when none
 * @param user the authenticated user
 */
public record EndpointRequest(Map<String, String> path, Map<String, List<String>> query, String contentType, byte[] body,
    UserInfo user) {
  public EndpointRequest {
    path = Map.copyOf(path);
    query = Map.copyOf(query);
  }

  /** A path parameter, or {@code null}. */
  public String path(String name) {
    return path.get(name);
  }
}
