package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.contract.Widget;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Updates and deletes that start from a watch cache's copy of the object (kube's cached existing
 * object): a stale copy never changes the outcome, it only costs a retry on the stored row.
 */
@DisplayName("JPA over H2: updates and deletes from a suggested (cached) object")
@ExtendWith(H2Databases.class)
class JpaH2SuggestionTest {
  private static final ObjectKey KEY = new ObjectKey("ns", "w");
  private JpaStorageBackend backend;

  @AfterEach
  void close() {
    if (backend != null) {
      backend.close();
    }
  }

  /** A store with the widget written twice; returns the copy of its first version (now stale). */
  private Widget staleCopy(ResourceStore<Widget> store) {
    Widget first = store.create(KEY, Widget.named("ns", "w"));
    store.guaranteedUpdate(KEY, Preconditions.NONE, w -> {
      w.spec.note = "second";
      return w;
    });
    Widget stale = Widget.codec().copy(first);
    stale.spec.note = null;
    return stale;
  }

  @Test
  @DisplayName("an update begun on a stale copy is applied to the stored state, as one new revision")
  void staleUpdate(DatabaseSettings settings) {
    backend = new JpaStorageBackend(settings);
    ResourceStore<Widget> store = backend.forResource(Widget.RESOURCE, Widget.codec());
    Widget stale = staleCopy(store);
    long before = backend.currentRevision();
    List<String> seen = new ArrayList<>();
    Widget written = store.guaranteedUpdate(KEY, Preconditions.NONE, w -> {
      seen.add(w.spec.note);
      w.spec.counter++;
      return w;
    }, stale);
    assertThat(seen).containsExactly(null, "second"); // tried on the copy, then on the stored row
    assertThat(written.spec.note).isEqualTo("second");
    assertThat(written.spec.counter).isEqualTo(1);
    assertThat(store.get(KEY).spec.note).isEqualTo("second");
    assertThat(backend.currentRevision()).isEqualTo(before + 1);
    assertThat(written.metadata().resourceVersion).isEqualTo(Long.toString(before + 1));
  }

  @Test
  @DisplayName("a precondition that only the stale copy fails is met by the stored state; a no-op on a stale copy writes nothing")
  void stalePreconditionAndNoOp(DatabaseSettings settings) {
    backend = new JpaStorageBackend(settings);
    ResourceStore<Widget> store = backend.forResource(Widget.RESOURCE, Widget.codec());
    Widget stale = staleCopy(store);
    long current = backend.currentRevision();
    Widget same = store.guaranteedUpdate(KEY, new Preconditions(null, Long.toString(current)), w -> w,
        Widget.codec().copy(stale));
    assertThat(same.metadata().resourceVersion).isEqualTo(Long.toString(current));
    assertThat(same.spec.note).isEqualTo("second");
    assertThat(backend.currentRevision()).isEqualTo(current);
  }

  @Test
  @DisplayName("a delete begun on a stale copy deletes the object and returns its stored last state")
  void staleDelete(DatabaseSettings settings) {
    backend = new JpaStorageBackend(settings);
    ResourceStore<Widget> store = backend.forResource(Widget.RESOURCE, Widget.codec());
    Widget stale = staleCopy(store);
    long before = backend.currentRevision();
    Widget last = store.delete(KEY, Preconditions.NONE, stale);
    assertThat(last.spec.note).isEqualTo("second");
    assertThat(last.metadata().resourceVersion).isEqualTo(Long.toString(before + 1));
    assertThat(backend.currentRevision()).isEqualTo(before + 1);
  }

  @Test
  @DisplayName("an update begun on a current copy writes without reading and is stored")
  void currentUpdate(DatabaseSettings settings) {
    backend = new JpaStorageBackend(settings);
    ResourceStore<Widget> store = backend.forResource(Widget.RESOURCE, Widget.codec());
    Widget created = store.create(KEY, Widget.named("ns", "w"));
    List<Long> seen = new ArrayList<>();
    Widget written = store.guaranteedUpdate(KEY, Preconditions.NONE, w -> {
      seen.add(w.spec.counter);
      w.spec.counter = 7;
      return w;
    }, Widget.codec().copy(created));
    assertThat(seen).containsExactly(0L);
    assertThat(store.get(KEY).spec.counter).isEqualTo(7);
    assertThat(store.get(KEY).metadata().resourceVersion).isEqualTo(written.metadata().resourceVersion);
  }
}
