package dev.customapiserver.registry;

import dev.customapiserver.admission.Lister;
import dev.customapiserver.api.meta.KubeObject;
import java.util.function.Consumer;

/**
 * A {@link Lister} kept current by one list and watch of its resource through the storage contract
 * (the watch cache when it is on), with change notifications for controllers inside the server.
 *
 * @param <H> the hub type
 */
public interface Informer<H extends KubeObject> extends Lister<H> {

  /** Starts the list and watch now rather than on the first read (idempotent). */
  void start();

  /**
   * Calls {@code handler} with every object's state as it is listed or changes (not for deletions),
   * from the informer's thread: it must not block. Existing objects are handed over again on every
   * (re)list, and to a handler added after the first list, so a handler also sees what existed before
   * the server started. A handler may see an object twice.
   */
  void onChange(Consumer<H> handler);
}
