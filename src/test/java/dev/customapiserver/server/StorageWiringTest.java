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

  @Test
  @DisplayName("seed 000's --backend=etcd is --storage-backend=etcd3; --backend=file|memory|jpa as their namesakes")
  void backendAlias() {
    assertThat(StorageWiring.backend(config("--backend=etcd", "--etcd-servers=http://127.0.0.1:2379"))).isEqualTo("etcd3");
    assertThat(StorageWiring.backend(config("--backend", "file"))).isEqualTo("file");
    assertThat(StorageWiring.backend(config("--backend=memory"))).isEqualTo("memory");
    assertThat(StorageWiring.backend(config("--backend=jpa"))).isEqualTo("jpa");
    assertThat(StorageWiring.backend(config("--storage-backend=etcd", "--etcd-servers=http://127.0.0.1:2379")))
        .isEqualTo("etcd3");
  }

  @Test
  @DisplayName("--etcd-servers without a backend flag means etcd3, as kube-apiserver and sample-apiserver")
  void etcdServersChooseEtcd() {
    assertThat(StorageWiring.backend(config("--etcd-servers=http://localhost:2379"))).isEqualTo("etcd3");
    assertThat(StorageWiring.backend(config())).isEqualTo("jpa");
  }

  @Test
  @DisplayName("seed 001's --enable-etcd-storage: true is etcd3, false is memory; a contradicting --storage-backend stops the start")
  void enableEtcdStorage() {
    assertThat(StorageWiring.backend(config("--enable-etcd-storage=true", "--etcd-servers=http://localhost:2379")))
        .isEqualTo("etcd3");
    assertThat(StorageWiring.backend(config("--enable-etcd-storage", "--etcd-servers=http://localhost:2379")))
        .isEqualTo("etcd3");
    assertThat(StorageWiring.backend(config("--enable-etcd-storage=false"))).isEqualTo("memory");
    assertThatThrownBy(() -> StorageWiring.open(config("--enable-etcd-storage=true")))
        .hasMessage("--etcd-servers must be specified");
    assertThatThrownBy(() -> StorageWiring.backend(config("--enable-etcd-storage=false", "--storage-backend=jpa")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--enable-etcd-storage=false means the memory storage backend, but --storage-backend asks for jpa");
  }

  @Test
  @DisplayName("a storage flag the chosen backend does not use stops the start, naming the flag and what chose the backend")
  void unusedStorageFlags() {
    assertThatThrownBy(() -> StorageWiring.backend(config("--etcd-servers=http://localhost:2379",
        "--storage-url=jdbc:h2:mem:x")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--storage-url is not used by the etcd3 storage backend (chosen by --etcd-servers); remove it, "
            + "or choose the backend that uses it with --storage-backend");
    assertThatThrownBy(() -> StorageWiring.backend(config("--storage-backend=memory", "--storage-root=/tmp/x")))
        .hasMessageStartingWith("--storage-root is not used by the memory storage backend (chosen by --storage-backend)");
    assertThatThrownBy(() -> StorageWiring.backend(config("--etcd-prefix=/other")))
        .hasMessageStartingWith("--etcd-prefix is not used by the jpa storage backend (the default)");
    assertThatThrownBy(() -> StorageWiring.backend(config("--enable-etcd-storage=false", "--etcd-servers=http://x:2379")))
        .hasMessageStartingWith("--etcd-servers is not used by the memory storage backend (chosen by --enable-etcd-storage)");
  }

  @Test
  @DisplayName("--file-rootpath is the file backend's tree (and the data directory) unless --storage-root says otherwise")
  void fileRootpath() throws IOException {
    Path root = dir.resolve("lab");
    ServerConfig c = ConfigLoader.load(CommandLine.parse(List.of("--backend=file", "--file-rootpath=" + root,
        "--watch-cache=false")), Map.of());
    assertThat(c.dataDir()).isEqualTo(root);
    try (StorageBackend b = StorageWiring.open(c)) {
      assertThat(b.healthy()).isTrue();
    }
    assertThat(root.resolve(".revisions.log")).exists();
    assertThat(config("--file-rootpath=" + root).dataDir()).as("an explicit --data-dir wins").isEqualTo(dir);
  }
}
