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
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The storage room of the composition root: the backend {@code --storage-backend} (alias {@code
 * --backend}) chooses, else {@code --enable-etcd-storage}, else etcd3 when {@code --etcd-servers} is
 * given (as kube-apiserver, which knows no other store), else JPA on H2 (or the container's DataSource
 * named by {@code --storage-datasource}): the bottom of the {@link StorageStack}. A storage flag the
 * chosen backend does not read stops the start: it is never silently ignored.
 */
final class StorageWiring {
  /** The values {@code --storage-backend} accepts, as kube-apiserver lists them in its error. */
  static final List<String> BACKENDS = List.of("etcd3", "file", "jpa", "memory");
  static final String DEFAULT = "jpa";
  /** Other spellings of a backend: seed 000's {@code --backend=etcd}. */
  private static final Map<String, String> SPELLINGS = Map.of("etcd", "etcd3");
  /** The flags each backend reads; every other flag of {@link #STORAGE_FLAGS} must be left unset. */
  private static final Map<String, List<Option>> USED = Map.of(
      "etcd3", List.of(Option.ETCD_SERVERS, Option.ETCD_PREFIX, Option.ETCD_CAFILE, Option.ETCD_CERTFILE, Option.ETCD_KEYFILE),
      "jpa", List.of(Option.STORAGE_URL, Option.STORAGE_USERNAME, Option.STORAGE_PASSWORD, Option.STORAGE_DATASOURCE),
      "file", List.of(Option.STORAGE_ROOT),
      "memory", List.of());
  private static final List<Option> STORAGE_FLAGS = List.of(Option.ETCD_SERVERS, Option.ETCD_PREFIX, Option.ETCD_CAFILE,
      Option.ETCD_CERTFILE, Option.ETCD_KEYFILE, Option.STORAGE_URL, Option.STORAGE_USERNAME, Option.STORAGE_PASSWORD,
      Option.STORAGE_DATASOURCE, Option.STORAGE_ROOT);

  private StorageWiring() {}

  /**
   * The backend {@code config} selects, undecorated ({@link StorageStack} adds the rest).
   *
   * @throws ConfigException for an unknown backend, one missing its settings (kube's wording), or a
   *     storage flag the backend does not use
   */
  static StorageBackend open(ServerConfig config) {
    String backend = backend(config);
    return switch (backend) {
      case "memory" -> new MemoryStorageBackend();
      case "etcd3" -> etcd(config);
      case "file" -> new FileStorageBackend(FileStorageBackend.Options.at(fileRoot(config)));
      default -> jpa(config);
    };
  }

  /** The file backend's tree: {@code --storage-root}, else {@code --file-rootpath}, else {@code <data-dir>/objects}. */
  static Path fileRoot(ServerConfig config) {
    Flags f = config.flags();
    return f.path(Option.STORAGE_ROOT).or(() -> f.path(Option.FILE_ROOTPATH))
        .orElse(config.dataDir().resolve("objects"));
  }

  /**
   * The chosen backend's name, after checking that every storage flag set is one it reads.
   *
   * @throws ConfigException when it is not one of {@link #BACKENDS}, the flags choosing it disagree,
   *     or a storage flag would be ignored
   */
  static String backend(ServerConfig config) {
    Flags f = config.flags();
    String chosen = chosen(f);
    for (Option o : STORAGE_FLAGS) {
      if (!f.isDefault(o) && !f.string(o).isEmpty() && !USED.get(chosen).contains(o)) {
        throw ConfigException.invalid(f.origin(o) + " is not used by the " + chosen + " storage backend ("
            + reason(f) + "); remove it, or choose the backend that uses it with --storage-backend");
      }
    }
    return chosen;
  }

  private static String chosen(Flags f) {
    String name = f.optional(Option.STORAGE_BACKEND).map(String::trim).map(n -> SPELLINGS.getOrDefault(n, n)).orElse("");
    if (!name.isEmpty() && !BACKENDS.contains(name)) {
      throw ConfigException.invalid("--storage-backend invalid, allowed values: " + String.join(", ", BACKENDS)
          + ". If not specified, it will default to '" + DEFAULT + "'");
    }
    Optional<Boolean> etcdStorage = f.optional(Option.ENABLE_ETCD_STORAGE).map(v -> f.bool(Option.ENABLE_ETCD_STORAGE));
    if (etcdStorage.isPresent()) {
      String wanted = etcdStorage.get() ? "etcd3" : "memory";
      if (!name.isEmpty() && !name.equals(wanted)) {
        throw ConfigException.invalid(f.origin(Option.ENABLE_ETCD_STORAGE) + "=" + etcdStorage.get() + " means the "
            + wanted + " storage backend, but " + f.origin(Option.STORAGE_BACKEND) + " asks for " + name);
      }
      return wanted;
    }
    if (!name.isEmpty()) {
      return name;
    }
    return f.list(Option.ETCD_SERVERS).isEmpty() ? DEFAULT : "etcd3";
  }

  private static String reason(Flags f) {
    if (f.optional(Option.STORAGE_BACKEND).isPresent()) {
      return "chosen by " + f.origin(Option.STORAGE_BACKEND);
    }
    if (f.optional(Option.ENABLE_ETCD_STORAGE).isPresent()) {
      return "chosen by " + f.origin(Option.ENABLE_ETCD_STORAGE);
    }
    return f.list(Option.ETCD_SERVERS).isEmpty() ? "the default" : "chosen by " + f.origin(Option.ETCD_SERVERS);
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
