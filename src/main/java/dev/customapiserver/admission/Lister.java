package dev.customapiserver.admission;

import dev.customapiserver.api.meta.KubeObject;
import java.util.List;
import java.util.Optional;

/**
 * Read access to the objects of one resource from the server's own watch cache (informer-like), for
 * plugins that decide on other objects. {@link #get} and {@link #list} never query the database:
 * they wait (boundedly) until the cache has synced and has seen every write this server process
 * made to the resource, then answer from memory; if that takes too long they throw
 * {@link NotReadyException}, which the chain turns into kube-apiserver's 403 "not yet ready to
 * handle request". Returned objects are shared and must not be mutated.
 *
 * @param <H> the hub type
 */
public interface Lister<H extends KubeObject> {

  /** The object, if it exists; {@code namespace} is {@code null} for cluster-scoped resources. */
  Optional<H> get(String namespace, String name);

  /** Every object in {@code namespace}, or in all namespaces when it is {@code null}. */
  List<H> list(String namespace);

  /**
   * The object as storage has it now (one point read, bypassing the cache), for the rare miss a
   * plugin must not trust: an object written a moment ago through another server process sharing the
   * database may not have reached this process's cache yet (kube-apiserver's NamespaceLifecycle does
   * the same live lookup when its informer misses).
   */
  Optional<H> lookup(String namespace, String name);
}
