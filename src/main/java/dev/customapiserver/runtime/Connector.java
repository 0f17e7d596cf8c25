package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * A connect-style subresource ({@code GET .../{name}/<subresource>}, like {@code pods/log}): the
 * server finds the object (404 if absent), admits the request as CONNECT, then lets the connector
 * write the response body, streamed to the client as it is written. Declared with
 * {@link ResourceType.Builder#connect}; knows nothing of HTTP.
 *
 * @param <H> the hub type
 */
@FunctionalInterface
public interface Connector<H extends KubeObject> {

  /** The media type of what {@link #connect} writes. Defaults to UTF-8 plain text. */
  default String contentType() {
    return "text/plain; charset=utf-8";
  }

  /**
   * Writes the response for {@code object}. Must not mutate {@code object}.
   *
   * @param options the request's query parameters (e.g. {@code tailLines}), every value of each
   * @param out the response body; flushing sends what was written so far
   * @throws dev.customapiserver.api.errors.ApiException to refuse (before anything was written)
   */
  void connect(H object, Map<String, List<String>> options, OutputStream out) throws IOException;
}
