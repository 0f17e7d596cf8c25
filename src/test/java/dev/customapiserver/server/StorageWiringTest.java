package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.jpa.JpaStorageBackend;
import dev.customapiserver.storage.memory.MemoryStorageBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("--storage-backend chooses the storage")
class StorageWiringTest {
  @TempDir Path dir;

  private ServerConfig config(String... flags) {
    List<String> args = new java.util.ArrayList<>(List.of("--data-dir", dir.toString(), "--watch-cache=false"));
    args.addAll(List.of(flags));
    return ConfigLoader.load(CommandLine.parse(args), Map.of());
  }

  @Test
  @DisplayName("unset: JPA on an H2 file database in the data directory")
  void defaultIsJpa() throws IOException {
    try (StorageBackend b = StorageWiring.open(config())) {
      assertThat(b).isInstanceOf(JpaStorageBackend.class);
      assertThat(b.currentRevision()).isNotNegative();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.endsWith(".mv.db"));
    }
  }

  @Test
  @DisplayName("memory: nothing written to the data directory")
  void memory() throws IOException {
    try (StorageBackend b = StorageWiring.open(config("--storage-backend", "memory"))) {
      assertThat(b).isInstanceOf(MemoryStorageBackend.class);
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  @DisplayName("an unknown value is refused with kube-apiserver's wording, listing the allowed values")
  void unknown() {
    assertThatThrownBy(() -> StorageWiring.open(config("--storage-backend", "etcd2")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--storage-backend invalid, allowed values: " + String.join(", ", StorageWiring.BACKENDS)
            + ". If not specified, it will default to 'jpa'");
  }

  @Test
  @DisplayName("etcd3 without --etcd-servers is refused as kube-apiserver does")
  void etcdNeedsServers() {
    assertThatThrownBy(() -> StorageWiring.open(config("--storage-backend", "etcd3")))
        .isInstanceOf(ConfigException.class).hasMessage("--etcd-servers must be specified");
  }

  @Test
  @DisplayName("file: YAML files under --storage-root, by default <data-dir>/objects")
  void file() throws IOException {
    try (StorageBackend b = StorageWiring.open(config("--storage-backend", "file"))) {
      assertThat(b).isInstanceOf(dev.customapiserver.storage.file.FileStorageBackend.class);
    }
    assertThat(dir.resolve("objects/.revisions.log")).exists();
    Path other = dir.resolve("tree");
    try (StorageBackend b = StorageWiring.open(config("--storage-backend", "file", "--storage-root", other.toString()))) {
      assertThat(b.healthy()).isTrue();
    }
    assertThat(other.resolve(".revisions.log")).exists();
  }
}
