package dev.customapiserver.testkit;

import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.embedded.EmbeddedServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts an API server in this JVM for a test:
 *
 * <pre>{@code
 * try (RunningApiServer server = ApiServerBuilder.create().start()) {
 *   Config config = Config.fromKubeconfig(server.kubeconfigYaml());   // fabric8
 *   ...
 * }
 * }</pre>
 *
 * Defaults: memory storage, HTTPS on a free port of 127.0.0.1, a temporary data directory (its
 * CA, serving certificate, admin token and kubeconfig), removed on close. Any server flag can be
 * set with {@link #flag}: storage ({@code --storage-backend jpa} with {@code --storage-url} for
 * H2 or PostgreSQL), authentication ({@code --token-auth-file}), admission plugins and so on.
 */
public final class ApiServerBuilder {
  private final Map<Option, String> flags = new EnumMap<>(Option.class);
  private KeyMaterialCache keyCache = KeyMaterialCache.inTemporaryDirectory();

  private ApiServerBuilder() {
    flags.put(Option.STORAGE_BACKEND, "memory");
    flags.put(Option.SECURE_PORT, "0");
    flags.put(Option.BIND_ADDRESS, "127.0.0.1");
  }

  public static ApiServerBuilder create() {
    return new ApiServerBuilder();
  }

  /** A server flag, as on the command line (e.g. {@code Option.STORAGE_BACKEND}, {@code "jpa"}). */
  public ApiServerBuilder flag(Option option, String value) {
    flags.put(option, value);
    return this;
  }

  /** The storage backend: {@code memory} (default), {@code jpa}, {@code file} or {@code etcd3}. */
  public ApiServerBuilder storage(String backend) {
    return flag(Option.STORAGE_BACKEND, backend);
  }

  /**
   * Whether the server reuses the CA, serving certificate and service-account key the first server
   * of this user generated (kept in {@code <java.io.tmpdir>/custom-apiserver-testkit-v2-<user>}, mode
   * 0700): the default, as generating keys is the slowest part of a start. {@code false}: new keys
   * in the server's own data directory. A data directory given with {@link #flag} is never seeded.
   */
  public ApiServerBuilder reuseKeys(boolean reuse) {
    keyCache = reuse ? KeyMaterialCache.inTemporaryDirectory() : null;
    return this;
  }

  /** Reuses keys kept in {@code dir} (created by the first server that uses it) instead of the default folder. */
  public ApiServerBuilder reuseKeys(Path dir) {
    keyCache = new KeyMaterialCache(dir);
    return this;
  }

  /** Starts the server and waits until it serves; the result is closed to stop it. */
  public RunningApiServer start() {
    Path dataDir;
    try {
      dataDir = Files.createTempDirectory("apiserver-test-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a data directory", e);
    }
    long started = System.nanoTime();
    Map<Option, String> values = new EnumMap<>(flags);
    boolean ownDataDir = !values.containsKey(Option.DATA_DIR);
    values.putIfAbsent(Option.DATA_DIR, dataDir.toString());
    boolean seeded = ownDataDir && keyCache != null && keyCache.seed(dataDir);
    try {
      ServerConfig config = ConfigLoader.load(new CommandLine(values, false), Map.of());
      AtomicReference<ResettableStorage> storage = new AtomicReference<>();
      EmbeddedServer server = EmbeddedServer.start(config, backend -> {
        storage.set(new ResettableStorage(backend));
        return storage.get();
      });
      storage.get().mark();
      if (ownDataDir && keyCache != null && !seeded) {
        keyCache.save(dataDir);
      }
      return new RunningApiServer(server, storage.get(), config.dataDir(), dataDir, (System.nanoTime() - started) / 1_000_000);
    } catch (Exception e) {
      RunningApiServer.delete(dataDir);
      throw new IllegalStateException("the API server did not start: " + e.getMessage(), e);
    }
  }
}
