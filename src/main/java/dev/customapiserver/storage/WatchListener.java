package dev.customapiserver.storage;

/**
 * Receives a watch's events. Calls for one watch come one at a time, in resourceVersion order, and
 * must not block: a listener that cannot keep up buffers (boundedly) or closes its watch.
 *
 * @param <H> the hub type
 */
public interface WatchListener<H> {

  /** The next event. */
  void onEvent(WatchEvent<H> event);

  /**
   * The watch ended and no event follows: {@code reason} is {@code null} when it was closed by its
   * owner, or says why the store ended it (EXPIRED when history it needs is gone or the listener
   * fell too far behind, UNAVAILABLE when the store closed).
   */
  void onClose(StorageException reason);
}
