package dev.customapiserver.runtime.extension;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.runtime.GroupResource;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes objects through the server's registry, on hub objects, as {@code user}: a
 * create takes the same way as a POST once its body is decoded and defaulted (server-set metadata,
 * the kind's strategy, validation, admission, storage). Errors are the API's
 * ({@link dev.customapiserver.api.errors.ApiException}: 404, 409, 422, 403 ...).
 *
 * @see dev.customapiserver.groups.ApiGroupModule#extensionEndpoints
 */
public interface ObjectClient {

  /**
   * Creates {@code object} (its namespace from its metadata) and returns the stored object.
   *
   * @throws IllegalArgumentException if {@code resource} is not registered with hub type {@code hub}
   */
  <H extends KubeObject> H create(GroupResource resource, Class<H> hub, H object, UserInfo user);

  /** The object, if it exists; {@code namespace} is {@code null} for cluster-scoped resources. */
  <H extends KubeObject> Optional<H> get(GroupResource resource, Class<H> hub, String namespace, String name, UserInfo user);

  /** Every object in {@code namespace} ({@code null}: all namespaces, or a cluster-scoped resource). */
  <H extends KubeObject> List<H> list(GroupResource resource, Class<H> hub, String namespace, UserInfo user);
}
