package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.metrics.MeteredStorageBackend;
import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import dev.customapiserver.storage.memory.MemoryStorageBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("the storage stack: backend, watch cache, testkit view, metrics")
class StorageStackTest {
  @TempDir Path dir;

  private ServerConfig config(String... flags) {
    List<String> args = new ArrayList<>(List.of("--data-dir", dir.toString(), "--storage-backend", "memory"));
    args.addAll(List.of(flags));
    return ConfigLoader.load(CommandLine.parse(args), Map.of());
  }

  @Test
  @DisplayName("the testkit's view sits on the watch cache, under the metrics")
  void order() {
    AtomicReference<StorageBackend> underView = new AtomicReference<>();
    try (StorageBackend top = StorageStack.open(config(), new Operations(), b -> {
      underView.set(b);
      return b;
    })) {
      assertThat(underView.get()).isInstanceOf(CachingStorageBackend.class);
      assertThat(top).isInstanceOf(MeteredStorageBackend.class);
    }
  }

  @Test
  @DisplayName("without the watch cache the view gets the backend itself")
  void withoutWatchCache() {
    AtomicReference<StorageBackend> underView = new AtomicReference<>();
    try (StorageBackend top = StorageStack.open(config("--watch-cache=false"), new Operations(), b -> {
      underView.set(b);
      return b;
    })) {
      assertThat(underView.get()).isInstanceOf(MemoryStorageBackend.class);
    }
  }
}
