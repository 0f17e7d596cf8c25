package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import dev.customapiserver.storage.contract.WatchRecorder;
import dev.customapiserver.storage.contract.Widget;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Consistent gets served by the watch cache over an embedded H2 file (kube's consistent reads from cache). */
@DisplayName("watch cache over H2: get")
@ExtendWith(H2Databases.class)
class CachedH2GetTest {
  private static final GroupResource OTHER = new GroupResource("test.example.dev", "gadgets");
  private CachingStorageBackend cached;

  @AfterEach
  void close() {
    if (cached != null) {
      cached.close();
    }
  }

  private ResourceStore<Widget> open(DatabaseSettings settings, GroupResource resource) throws InterruptedException {
    if (cached == null) {
      cached = new CachingStorageBackend(new JpaStorageBackend(settings), 1000);
    }
    ResourceStore<Widget> store = cached.forResource(resource, Widget.codec());
    assertThat(cached.awaitSynced(Duration.ofSeconds(WatchRecorder.TIMEOUT_SECONDS))).isTrue();
    return store;
  }

  @Test
  @DisplayName("a get right after a write returns that write, also while another resource is written")
  void readsItsWrites(DatabaseSettings settings) throws Exception {
    ResourceStore<Widget> widgets = open(settings, Widget.RESOURCE);
    ResourceStore<Widget> gadgets = open(settings, OTHER);
    ObjectKey key = new ObjectKey("ns", "w");
    Widget created = widgets.create(key, Widget.named("ns", "w"));
    assertThat(widgets.get(key).metadata().resourceVersion).isEqualTo(created.metadata().resourceVersion);
    for (int i = 1; i <= 30; i++) {
      long counter = i;
      Widget written = widgets.guaranteedUpdate(key, Preconditions.NONE, w -> {
        w.spec.counter = counter;
        return w;
      });
      gadgets.create(new ObjectKey("ns", "g" + i), Widget.named("ns", "g" + i)); // a newer revision elsewhere
      Widget got = widgets.get(key);
      assertThat(got.spec.counter).isEqualTo(counter);
      assertThat(got.metadata().resourceVersion).isEqualTo(written.metadata().resourceVersion);
      assertThat(gadgets.get(new ObjectKey("ns", "g" + i)).metadata().name).isEqualTo("g" + i);
    }
    widgets.delete(key, Preconditions.NONE);
    assertThatThrownBy(() -> widgets.get(key)).isInstanceOfSatisfying(StorageException.class,
        e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
  }

  @Test
  @DisplayName("the object a get returns is the caller's own: changing it changes nothing stored or cached")
  void returnsACopy(DatabaseSettings settings) throws Exception {
    ResourceStore<Widget> widgets = open(settings, Widget.RESOURCE);
    ObjectKey key = new ObjectKey("ns", "w");
    widgets.create(key, Widget.named("ns", "w"));
    Widget first = widgets.get(key);
    first.spec.note = "changed by the caller";
    first.label("k", "v");
    Widget again = widgets.get(key);
    assertThat(again.spec.note).isNull();
    assertThat(again.metadata().labels).isNull();
  }
}
