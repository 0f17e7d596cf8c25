package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import dev.customapiserver.api.meta.KubeObject;
import java.util.function.Function;

/**
 * A create-style subresource ({@code POST .../{name}/<subresource>}, like {@code
 * serviceaccounts/token}): the server finds the object (404 if absent), decodes the request body
 * as {@link #requestType()} (JSON, or Kubernetes protobuf through {@link #protobuf()}), and answers
 * 201 with what {@link #perform} returns. Nothing is stored unless the action stores it. Declared
 * with {@link ResourceType.Builder#action}; knows nothing of HTTP.
 *
 * @param <H> the hub type of the object
 * @param <R> the request body's type
 */
public interface Action<H extends KubeObject, R> {

  /** The request body's type, decoded from JSON. */
  Class<R> requestType();

  /** The group/version/kind the response and discovery name, e.g. authentication.k8s.io/v1 TokenRequest. */
  GroupVersionKind kind();

  /** Decodes a protobuf request body's raw message; null (the default) when only JSON is accepted. */
  default Function<ByteString, R> protobuf() {
    return null;
  }

  /**
   * Performs the action on {@code object} (must not mutate it) and returns the response body.
   *
   * @throws dev.customapiserver.api.errors.ApiException to refuse (e.g. 422 for an invalid request)
   */
  Object perform(H object, R request);
}
