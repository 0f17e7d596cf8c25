package dev.customapiserver.admission;

import dev.customapiserver.api.meta.KubeObject;
import java.util.List;
import java.util.Optional;

/**
 * Read access to the objects of one resource from the server's own watch cache (informer-like), for
 * plugins that decide on other objects. Never queries the database per call; returned objects are
 * shared and must not be mutated.
 *
 * @param <H> the hub type
 */
public interface Lister<H extends KubeObject> {

  /** The object, if it exists; {@code namespace} is {@code null} for cluster-scoped resources. */
  Optional<H> get(String namespace, String name);

  /** Every object in {@code namespace}, or in all namespaces when it is {@code null}. */
  List<H> list(String namespace);
}
