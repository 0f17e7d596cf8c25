package dev.customapiserver.storage.contract;

import static dev.customapiserver.storage.StorageException.Reason.ALREADY_EXISTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.contract.StorageFixture.Change;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Concurrent writers, two backends on one database, restarts: resourceVersion and commit order. */
public abstract class ConsistencyContract extends StorageContract {

  protected static final int THREADS = 8;

  /** Runs {@code task(i)} on THREADS threads started together; returns their results. */
  protected static <T> List<T> together(int threads, java.util.function.IntFunction<Callable<T>> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        Callable<T> c = task.apply(i);
        futures.add(pool.submit(() -> {
          start.await();
          return c.call();
        }));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private static Widget increment(ResourceStore<Widget> s, ObjectKey key) {
    return s.guaranteedUpdate(key, Preconditions.NONE, cur -> {
      cur.spec.counter++;
      return cur;
    });
  }

  @Test
  @DisplayName("8 threads x 50 guaranteedUpdate increments on one object end at exactly 400")
  void noLostUpdates() throws Exception {
    ObjectKey key = new ObjectKey("ns1", "counter");
    store.create(key, Widget.named("ns1", "counter"));
    together(THREADS, t -> () -> {
      for (int i = 0; i < 50; i++) {
        increment(store, key);
      }
      return null;
    });
    assertThat(store.get(key).spec.counter).isEqualTo(400);
    assertThat(journal()).hasSize(401);
  }

  @Test
  @DisplayName("two backends on one database (as two server processes) lose no update and share one RV sequence")
  void twoBackends() throws Exception {
    Assumptions.assumeTrue(fixture.sharedByProcesses(), "this storage serves one server process");
    ResourceStore<Widget> other = open().forResource(Widget.RESOURCE, codec);
    ObjectKey key = new ObjectKey("ns1", "counter");
    store.create(key, Widget.named("ns1", "counter"));
    List<Long> rvs = together(4, t -> () -> {
      ResourceStore<Widget> s = t % 2 == 0 ? store : other;
      long last = 0;
      for (int i = 0; i < 25; i++) {
        long rv = rv(increment(s, key));
        assertThat(rv).isGreaterThan(last);
        last = rv;
      }
      return last;
    });
    assertThat(other.get(key).spec.counter).isEqualTo(100);
    assertThat(rvs).contains(backend.currentRevision());
  }

  @Test
  @DisplayName("concurrent creates get distinct RVs; the journal holds them in RV order")
  void concurrentCreates() throws Exception {
    Map<ObjectKey, Long> created = new ConcurrentHashMap<>();
    together(THREADS, t -> () -> {
      for (int i = 0; i < 25; i++) {
        ObjectKey key = new ObjectKey("ns" + (i % 3), "t" + t + "-" + i);
        created.put(key, rv(store.create(key, Widget.named(key.namespace(), key.name()))));
      }
      return null;
    });
    assertThat(created).hasSize(200);
    assertThat(created.values()).doesNotHaveDuplicates();
    List<Change> log = journal();
    assertThat(log).hasSize(200);
    assertThat(log).allSatisfy(c -> assertThat(created.get(c.key())).isEqualTo(c.resourceVersion()));
    assertThat(log).extracting(Change::resourceVersion).isSorted().doesNotHaveDuplicates();
    assertThat(backend.currentRevision()).isEqualTo(java.util.Collections.max(created.values()));
  }

  @Test
  @DisplayName("of 8 racing creates of one key exactly one wins; the others get ALREADY_EXISTS")
  void racingCreates() throws Exception {
    List<String> outcomes = together(THREADS, t -> () -> {
      try {
        store.create(new ObjectKey("ns1", "contested"), Widget.named("ns1", "contested"));
        return "created";
      } catch (StorageException e) {
        return e.reason().name();
      }
    });
    assertThat(outcomes).containsOnlyOnce("created").filteredOn(o -> !o.equals("created"))
        .hasSize(THREADS - 1).containsOnly(ALREADY_EXISTS.name());
    assertThat(journal()).hasSize(1);
  }

  @Test
  @DisplayName("after close and reopen the objects are there and new RVs are larger than all earlier ones")
  void restart() {
    Widget before = create("ns1", "a");
    store.guaranteedUpdate(new ObjectKey("ns1", "a"), Preconditions.NONE, c -> {
      c.spec.note = "kept";
      return c;
    });
    long last = backend.currentRevision();
    Assumptions.assumeTrue(fixture.durable(), "this storage keeps nothing across a restart");
    backend.close();

    StorageBackend reopened = open();
    ResourceStore<Widget> s = reopened.forResource(Widget.RESOURCE, codec);
    assertThat(reopened.currentRevision()).isEqualTo(last);
    assertThat(s.get(new ObjectKey("ns1", "a")).spec.note).isEqualTo("kept");
    Widget next = s.create(new ObjectKey("ns1", "b"), Widget.named("ns1", "b"));
    assertThat(rv(next)).isGreaterThan(last).isGreaterThan(rv(before));
  }
}
