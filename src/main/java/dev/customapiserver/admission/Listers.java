package dev.customapiserver.admission;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;

/** Where plugins get their {@link Lister}s; the server provides it. */
public interface Listers {

  /**
   * The lister of a registered resource. Its first read waits until the cache has synced.
   *
   * @throws IllegalArgumentException if the resource is not registered or its hub type is not {@code hub}
   */
  <H extends KubeObject> Lister<H> forResource(GroupResource resource, Class<H> hub);
}
