package dev.customapiserver.server;

import dev.customapiserver.metrics.MeteredStorageBackend;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The storage stack, assembled here and nowhere else; bottom up:
 *
 * <ol>
 *   <li>the backend {@code --storage-backend} chooses ({@link StorageWiring});
 *   <li>the watch cache, unless {@code --watch-cache=false};
 *   <li>the testkit's view (identity outside tests), below the metrics so that its mark and reset,
 *       which list and write, are neither timed nor counted, as no client asked for them;
 *   <li>the metrics, unless benchmarking without ({@link Operations#METRICS_PROPERTY}).
 * </ol>
 *
 * <p>The layer above, write tracking, is the registry's own: one store per resource it serves,
 * whose informers wait for what the registry wrote ({@code registry.WriteTracking}); a registry
 * over any backend (as tests build them) keeps its read-your-writes.
 */
final class StorageStack {
  private StorageStack() {}

  /**
   * The stack for {@code config}, with {@code testView} as the testkit's layer.
   *
   * @throws ConfigException as {@link StorageWiring#open}
   */
  static StorageBackend open(ServerConfig config, Operations ops, UnaryOperator<StorageBackend> testView) {
    StorageBackend storage = StorageWiring.open(config);
    for (UnaryOperator<StorageBackend> layer : List.of(watchCache(config), testView, metrics(ops))) {
      storage = layer.apply(storage);
    }
    return storage;
  }

  private static UnaryOperator<StorageBackend> watchCache(ServerConfig config) {
    return config.watchCache() ? b -> new CachingStorageBackend(b, config.watchCacheSize()) : UnaryOperator.identity();
  }

  private static UnaryOperator<StorageBackend> metrics(Operations ops) {
    return ops.requestMetrics() ? b -> new MeteredStorageBackend(b, ops.metrics()) : UnaryOperator.identity();
  }
}
