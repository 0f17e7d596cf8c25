package dev.customapiserver.server;

import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import dev.customapiserver.storage.jpa.DatabaseSettings;
import dev.customapiserver.storage.jpa.JpaStorageBackend;

/** The storage room of the composition root: which backend the settings choose, behind the watch cache. */
final class StorageWiring {
  private StorageWiring() {}

  /** The backend {@code config} selects (JPA on H2 by default), wrapped in the watch cache when it is on. */
  static StorageBackend open(ServerConfig config) {
    StorageBackend database = new JpaStorageBackend(config.storageUrl()
        .map(url -> new DatabaseSettings(url, config.storageUsername(), config.storagePassword()))
        .orElseGet(() -> DatabaseSettings.h2File(config.dataDir())));
    return config.watchCache() ? new CachingStorageBackend(database, config.watchCacheSize()) : database;
  }
}
