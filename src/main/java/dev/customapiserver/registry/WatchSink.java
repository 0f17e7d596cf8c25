package dev.customapiserver.registry;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.storage.WatchEvent;

/**
 * Receives the events of a watch started through {@link GenericStore#watch}: like the storage
 * listener (one call at a time, in resourceVersion order, never blocking) but with storage failures
 * already translated into API errors.
 *
 * @param <H> the hub type
 */
public interface WatchSink<H> {

  /** The next event. */
  void onEvent(WatchEvent<H> event);

  /**
   * The watch ended; {@code error} is {@code null} when its owner closed it or its resource stopped
   * being served ({@link GenericStore#endWatches}), else why it ended (e.g. 410 Expired).
   */
  void onEnd(ApiException error);
}
