package dev.customapiserver.storage.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchEvent.Type;
import dev.customapiserver.storage.WatchRequest;
import dev.customapiserver.storage.contract.WatchRecorder;
import dev.customapiserver.storage.contract.Widget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("file storage: the files a user reads and edits")
class FileEditsTest {
  @TempDir Path root;

  private FileStorageBackend open() {
    return new FileStorageBackend(new FileStorageBackend.Options(root, Duration.ofHours(1), 1000, Duration.ofMinutes(1)));
  }

  private Path file(String ns, String name) {
    return root.resolve("test.example.dev/widgets").resolve(ns).resolve(name + ".yaml");
  }

  @Test
  @DisplayName("an object is a YAML file at <group>/<resource>/<namespace>/<name>.yaml, no temporary files left")
  void layout() throws Exception {
    try (FileStorageBackend b = open()) {
      b.forResource(Widget.RESOURCE, Widget.codec()).create(new ObjectKey("ns1", "a"), Widget.named("ns1", "a"));
    }
    assertThat(Files.readString(file("ns1", "a"))).contains("name: a").contains("namespace: ns1")
        .doesNotContain("resourceVersion");
    try (var files = Files.list(file("ns1", "a").getParent())) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("a.yaml");
    }
  }

  @Test
  @DisplayName("a file edited, added and removed by hand while serving: new revisions and watch events")
  void editsWhileServing() throws Exception {
    try (FileStorageBackend b = open()) {
      ResourceStore<Widget> store = b.forResource(Widget.RESOURCE, Widget.codec());
      long created = Long.parseLong(store.create(new ObjectKey("ns1", "a"), Widget.named("ns1", "a")).metadata().resourceVersion);
      WatchRecorder rec = new WatchRecorder();
      store.watch(new WatchRequest<>(null, null, Long.toString(created), false, false), rec);

      Files.writeString(file("ns1", "a"), Files.readString(file("ns1", "a")) + "spec:\n  note: edited by hand\n");
      Files.writeString(file("ns1", "b"), "apiVersion: test.example.dev/v1\nkind: Widget\nmetadata:\n  name: b\n  namespace: ns1\n");
      b.poll();
      assertThat(store.get(new ObjectKey("ns1", "a")).spec.note).isEqualTo("edited by hand");
      Files.delete(file("ns1", "b"));
      b.poll();

      WatchEvent<Widget> e1 = rec.next();
      WatchEvent<Widget> e2 = rec.next();
      WatchEvent<Widget> e3 = rec.next();
      assertThat(e1.type()).isEqualTo(Type.MODIFIED);
      assertThat(e1.object().spec.note).isEqualTo("edited by hand");
      assertThat(e2.type()).isEqualTo(Type.ADDED);
      assertThat(e2.object().metadata().name).isEqualTo("b");
      assertThat(e3.type()).isEqualTo(Type.DELETED);
      assertThat(e3.resourceVersion()).isGreaterThan(e2.resourceVersion()).isEqualTo(b.currentRevision());
    }
  }

  @Test
  @DisplayName("files edited while the server was down are changes at the next start; unreadable YAML is left alone")
  void editsWhileDown() throws Exception {
    long before;
    try (FileStorageBackend b = open()) {
      ResourceStore<Widget> store = b.forResource(Widget.RESOURCE, Widget.codec());
      store.create(new ObjectKey("ns1", "a"), Widget.named("ns1", "a"));
      store.create(new ObjectKey("ns1", "c"), Widget.named("ns1", "c"));
      before = b.currentRevision();
    }
    Files.writeString(file("ns1", "a"), Files.readString(file("ns1", "a")).replace("ns1\n", "ns1\n  labels:\n    edited: \"yes\"\n"));
    Files.writeString(file("ns1", "bad"), "- not: [a mapping", StandardCharsets.UTF_8);
    try (FileStorageBackend b = open()) {
      ResourceStore<Widget> store = b.forResource(Widget.RESOURCE, Widget.codec());
      Widget a = store.get(new ObjectKey("ns1", "a"));
      assertThat(a.metadata().labels).containsEntry("edited", "yes");
      assertThat(Long.parseLong(a.metadata().resourceVersion)).isGreaterThan(before);
      assertThat(store.get(new ObjectKey("ns1", "c")).metadata().resourceVersion).isEqualTo(Long.toString(before));
      assertThat(b.currentRevision()).isEqualTo(before + 1);
      assertThatThrownBy(() -> store.get(new ObjectKey("ns1", "bad"))).isInstanceOfSatisfying(StorageException.class,
          e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
    }
  }
}
