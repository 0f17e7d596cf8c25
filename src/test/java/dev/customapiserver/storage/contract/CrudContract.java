package dev.customapiserver.storage.contract;

import static dev.customapiserver.storage.StorageException.Reason.ALREADY_EXISTS;
import static dev.customapiserver.storage.StorageException.Reason.NOT_FOUND;
import static dev.customapiserver.storage.StorageException.Reason.PRECONDITION_FAILED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.contract.StorageFixture.Change;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Create, get, guaranteedUpdate and delete; run against every database by the concrete subclasses. */
public abstract class CrudContract extends StorageContract {
  static final ObjectKey A = new ObjectKey("ns1", "a");

  @Test
  @DisplayName("create stores the object and returns it with a new resourceVersion; get returns the same")
  void createThenGet() {
    Widget w = Widget.named("ns1", "a");
    w.spec.note = "hello";
    Widget created = store.create(A, w);

    assertThat(rv(created)).isPositive().isEqualTo(backend.currentRevision());
    assertThat(w.metadata().resourceVersion).as("the caller's object is not touched").isNull();
    Widget got = store.get(A);
    assertThat(got.metadata().resourceVersion).isEqualTo(created.metadata().resourceVersion);
    assertThat(got.metadata().uid).isEqualTo("uid-ns1-a");
    assertThat(got.spec.note).isEqualTo("hello");
  }

  @Test
  @DisplayName("create of an existing key fails with ALREADY_EXISTS and writes nothing")
  void createExisting() {
    create("ns1", "a");
    long before = backend.currentRevision();
    assertFails(ALREADY_EXISTS, () -> create("ns1", "a"));
    assertThat(backend.currentRevision()).isEqualTo(before);
  }

  @Test
  @DisplayName("get of a missing key fails with NOT_FOUND")
  void getMissing() {
    assertFails(NOT_FOUND, () -> store.get(A));
  }

  @Test
  @DisplayName("the same key in two resources names two objects")
  void resourcesAreSeparate() {
    ResourceStore<Widget> other = backend.forResource(new GroupResource("test.example.dev", "gadgets"), codec);
    create("ns1", "a");
    assertFails(NOT_FOUND, () -> other.get(A));
    other.create(A, Widget.named("ns1", "a"));
    assertThat(other.get(A).metadata().name).isEqualTo("a");
  }

  @Test
  @DisplayName("guaranteedUpdate applies the function to a private copy and stores the result with a new RV")
  void update() {
    Widget created = create("ns1", "a");
    Widget updated = store.guaranteedUpdate(A, Preconditions.NONE, cur -> {
      cur.spec.counter = 7;
      return cur;
    });
    assertThat(rv(updated)).isGreaterThan(rv(created)).isEqualTo(backend.currentRevision());
    assertThat(store.get(A).spec.counter).isEqualTo(7);
    assertThat(store.get(A).metadata().resourceVersion).isEqualTo(updated.metadata().resourceVersion);
  }

  @Test
  @DisplayName("an update that changes nothing writes nothing and keeps the resourceVersion")
  void noOpUpdate() {
    Widget created = create("ns1", "a");
    long before = backend.currentRevision();
    Widget same = store.guaranteedUpdate(A, Preconditions.NONE, cur -> cur);
    Widget alsoSame = store.guaranteedUpdate(A, Preconditions.NONE, cur -> {
      cur.spec.counter = 0;
      return cur;
    });
    assertThat(same.metadata().resourceVersion).isEqualTo(created.metadata().resourceVersion);
    assertThat(alsoSame.metadata().resourceVersion).isEqualTo(created.metadata().resourceVersion);
    assertThat(backend.currentRevision()).isEqualTo(before);
  }

  @Test
  @DisplayName("guaranteedUpdate checks uid and resourceVersion preconditions")
  void updatePreconditions() {
    Widget created = create("ns1", "a");
    assertFails(PRECONDITION_FAILED, () -> store.guaranteedUpdate(A, new Preconditions("other-uid", null), c -> c));
    assertFails(PRECONDITION_FAILED, () -> store.guaranteedUpdate(A, new Preconditions(null, "999999"), c -> c));
    Widget updated = store.guaranteedUpdate(A, new Preconditions("uid-ns1-a", created.metadata().resourceVersion),
        cur -> {
          cur.spec.note = "ok";
          return cur;
        });
    assertThat(updated.spec.note).isEqualTo("ok");
  }

  @Test
  @DisplayName("guaranteedUpdate of a missing key fails with NOT_FOUND")
  void updateMissing() {
    assertFails(NOT_FOUND, () -> store.guaranteedUpdate(A, Preconditions.NONE, c -> c));
  }

  @Test
  @DisplayName("an exception thrown by the update function propagates unchanged and nothing is written")
  void updateFunctionThrows() {
    Widget created = create("ns1", "a");
    IllegalStateException conflict = new IllegalStateException("conflict");
    assertThatThrownBy(() -> store.guaranteedUpdate(A, Preconditions.NONE, cur -> {
      throw conflict;
    })).isSameAs(conflict);
    assertThat(store.get(A).metadata().resourceVersion).isEqualTo(created.metadata().resourceVersion);
  }

  @Test
  @DisplayName("delete returns the last state carrying the deletion's resourceVersion; the object is gone")
  void delete() throws Exception {
    Widget created = create("ns1", "a");
    Widget deleted = store.delete(A, Preconditions.NONE);

    assertThat(rv(deleted)).isGreaterThan(rv(created)).isEqualTo(backend.currentRevision());
    assertThat(deleted.metadata().uid).isEqualTo("uid-ns1-a");
    assertFails(NOT_FOUND, () -> store.get(A));
    assertFails(NOT_FOUND, () -> store.delete(A, Preconditions.NONE));
    Change last = journal().get(journal().size() - 1);
    assertThat(last.type()).isEqualTo("DELETED");
    assertThat(last.resourceVersion()).isEqualTo(rv(deleted));
    assertThat(last.prevResourceVersion()).isEqualTo(rv(created));
  }

  @Test
  @DisplayName("delete checks preconditions and keeps the object when they fail")
  void deletePreconditions() {
    Widget created = create("ns1", "a");
    assertFails(PRECONDITION_FAILED, () -> store.delete(A, new Preconditions("other-uid", null)));
    assertFails(PRECONDITION_FAILED, () -> store.delete(A, new Preconditions(null, "999999")));
    assertThat(store.get(A).metadata().resourceVersion).isEqualTo(created.metadata().resourceVersion);
    store.delete(A, new Preconditions("uid-ns1-a", created.metadata().resourceVersion));
    assertFails(NOT_FOUND, () -> store.get(A));
  }

  @Test
  @DisplayName("a key can be created again after delete, with a larger resourceVersion")
  void recreate() {
    Widget first = create("ns1", "a");
    store.delete(A, Preconditions.NONE);
    assertThat(rv(create("ns1", "a"))).isGreaterThan(rv(first) + 1);
  }

  @Test
  @DisplayName("an object of 3 MiB round-trips")
  void largeObject() {
    Widget w = Widget.named("ns1", "a");
    w.spec.note = "x".repeat(3 * 1024 * 1024 - 300) + "é€";
    store.create(A, w);
    assertThat(store.get(A).spec.note).isEqualTo(w.spec.note);
    assertThat(store.list(dev.customapiserver.storage.ListRequest.all("ns1")).items().get(0).spec.note)
        .isEqualTo(w.spec.note);
  }

  @Test
  @DisplayName("every write gets a resourceVersion larger than all before; change log rows match the writes")
  void revisionsIncrease() throws Exception {
    long r1 = rv(create("ns1", "a"));
    long r2 = rv(create("ns1", "b"));
    long r3 = rv(store.guaranteedUpdate(A, Preconditions.NONE, c -> {
      c.spec.counter++;
      return c;
    }));
    long r4 = rv(store.delete(new ObjectKey("ns1", "b"), Preconditions.NONE));
    assertThat(new long[] {r1, r2, r3, r4}).isSorted().doesNotHaveDuplicates();
    assertThat(journal()).extracting(Change::resourceVersion).containsExactly(r1, r2, r3, r4);
    assertThat(journal()).extracting(Change::type).containsExactly("ADDED", "ADDED", "MODIFIED", "DELETED");
    assertThat(backend.currentRevision()).isEqualTo(r4);
  }

  @Test
  @DisplayName("healthy() answers true while open and false after close")
  void health() {
    assertThat(backend.healthy()).isTrue();
    backend.close();
    assertThat(backend.healthy()).isFalse();
    assertFails(dev.customapiserver.storage.StorageException.Reason.UNAVAILABLE, () -> store.get(A));
    assertFails(dev.customapiserver.storage.StorageException.Reason.UNAVAILABLE, () -> create("ns1", "after-close"));
  }
}
