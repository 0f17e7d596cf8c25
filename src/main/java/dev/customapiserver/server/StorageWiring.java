package dev.customapiserver.server;

import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.etcd.EtcdSettings;
import dev.customapiserver.storage.etcd.EtcdStorageBackend;
import dev.customapiserver.storage.file.FileStorageBackend;
import dev.customapiserver.storage.jpa.DatabaseSettings;
import dev.customapiserver.storage.jpa.JpaStorageBackend;
import dev.customapiserver.storage.memory.MemoryStorageBackend;
import java.util.List;
import java.util.Optional;

/**
 * The storage room of the composition root: the backend {@code --storage-backend} chooses (JPA on
 * H2 when unset, or the container's DataSource named by {@code --storage-datasource}): the bottom
 * of the {@link StorageStack}.
 */
final class StorageWiring {
  /** The values {@code --storage-backend} accepts, as kube-apiserver lists them in its error. */
  static final List<String> BACKENDS = List.of("etcd3", "file", "jpa", "memory");
  static final String DEFAULT = "jpa";

  private StorageWiring() {}

  /**
   * The backend {@code config} selects, undecorated ({@link StorageStack} adds the rest).
   *
   * @throws ConfigException for an unknown backend or one missing its settings (kube's wording)
   */
  static StorageBackend open(ServerConfig config) {
    return switch (backend(config)) {
      case "memory" -> new MemoryStorageBackend();
      case "etcd3" -> etcd(config);
      case "file" -> new FileStorageBackend(FileStorageBackend.Options.at(
          config.flags().path(Option.STORAGE_ROOT).orElse(config.dataDir().resolve("objects"))));
      default -> jpa(config);
    };
  }

  /** The chosen backend's name. @throws ConfigException when it is not one of {@link #BACKENDS} */
  static String backend(ServerConfig config) {
    String name = config.flags().optional(Option.STORAGE_BACKEND).map(String::trim).orElse("");
    if (name.isEmpty()) {
      return DEFAULT;
    }
    if (!BACKENDS.contains(name)) {
      throw ConfigException.invalid("--storage-backend invalid, allowed values: " + String.join(", ", BACKENDS)
          + ". If not specified, it will default to '" + DEFAULT + "'");
    }
    return name;
  }

  private static StorageBackend etcd(ServerConfig config) {
    Flags f = config.flags();
    List<String> servers = f.list(Option.ETCD_SERVERS);
    if (servers.isEmpty()) {
      throw ConfigException.invalid("--etcd-servers must be specified");
    }
    EtcdSettings settings = EtcdSettings.of(servers, f.string(Option.ETCD_PREFIX))
        .withTls(f.path(Option.ETCD_CAFILE), f.path(Option.ETCD_CERTFILE), f.path(Option.ETCD_KEYFILE));
    try {
      return new EtcdStorageBackend(settings);
    } catch (IllegalArgumentException e) {
      throw ConfigException.invalid(e.getMessage());
    }
  }

  private static StorageBackend jpa(ServerConfig config) {
    Optional<String> dataSource = config.flags().optional(Option.STORAGE_DATASOURCE).map(String::trim)
        .filter(s -> !s.isEmpty());
    if (dataSource.isPresent()) {
      if (config.storageUrl().isPresent()) {
        throw ConfigException.invalid("--storage-url and --storage-datasource are mutually exclusive");
      }
      return new JpaStorageBackend(DataSources.lookup(dataSource.get()), dataSource.get(),
          JpaStorageBackend.Options.defaults());
    }
    return new JpaStorageBackend(config.storageUrl()
        .map(url -> new DatabaseSettings(url, config.storageUsername(), config.storagePassword()))
        .orElseGet(() -> DatabaseSettings.h2File(config.dataDir())));
  }
}
