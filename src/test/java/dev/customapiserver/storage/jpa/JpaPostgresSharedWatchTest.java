package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.contract.StorageContract;
import dev.customapiserver.storage.contract.StorageFixture.Change;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import dev.customapiserver.storage.contract.WatchRecorder;
import dev.customapiserver.storage.contract.Widget;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on PostgreSQL 15: watch across two server processes sharing the database")
@ExtendWith(PostgresExtension.class)
class JpaPostgresSharedWatchTest extends StorageContract {

  /** Records when each event arrived, by resourceVersion. */
  static final class Timed extends WatchRecorder {
    final Map<Long, Long> arrivedNanos = new ConcurrentHashMap<>();

    @Override
    public void onEvent(WatchEvent<Widget> event) {
      arrivedNanos.put(event.resourceVersion(), System.nanoTime());
      super.onEvent(event);
    }
  }

  @Test
  @DisplayName("a write through one backend reaches the watchers of the other in the same order with the same RVs (LISTEN/NOTIFY)")
  void otherProcessSeesWrites() throws Exception {
    StorageBackend other = open();
    ResourceStore<Widget> remote = other.forResource(Widget.RESOURCE, codec);
    String start = Long.toString(backend.currentRevision());
    Timed local = new Timed();
    Timed far = new Timed();
    store.watch(new WatchRequest<>(null, null, start, false, false), local);
    remote.watch(new WatchRequest<>(null, null, start, false, false), far);

    int writes = 50;
    Map<Long, Long> committedNanos = new ConcurrentHashMap<>();
    List<Long> rvs = new ArrayList<>();
    for (int i = 0; i < writes; i++) {
      Widget w = store.create(new ObjectKey("a", "n" + i), Widget.named("a", "n" + i));
      committedNanos.put(rv(w), System.nanoTime());
      rvs.add(rv(w));
      far.until(rv(w)); // one write at a time, so each delay is a wake-up, not a batch
    }
    long end = rvs.get(rvs.size() - 1);
    List<Long> localRvs = local.until(end).stream().map(WatchEvent::resourceVersion).toList();
    assertThat(localRvs).containsExactlyElementsOf(rvs);
    assertThat(far.arrivedNanos.keySet()).containsExactlyInAnyOrderElementsOf(rvs);
    System.out.printf("commit->delivery, same process: %s; other process: %s%n",
        stats(committedNanos, local.arrivedNanos), stats(committedNanos, far.arrivedNanos));
  }

  @Test
  @DisplayName("concurrent writers on both backends: both backends' watchers see the change log exactly, in RV order")
  void bothWriteBothSee() throws Exception {
    StorageBackend other = open();
    ResourceStore<Widget> remote = other.forResource(Widget.RESOURCE, codec);
    String start = Long.toString(backend.currentRevision());
    WatchRecorder here = new WatchRecorder();
    WatchRecorder there = new WatchRecorder();
    store.watch(new WatchRequest<>(null, null, start, false, false), here);
    remote.watch(new WatchRequest<>(null, null, start, false, false), there);
    Thread t = new Thread(() -> {
      for (int i = 0; i < 100; i++) {
        remote.create(new ObjectKey("b", "r" + i), Widget.named("b", "r" + i));
      }
    });
    t.start();
    for (int i = 0; i < 100; i++) {
      create("a", "l" + i);
    }
    t.join();
    long end = rv(create("a", "end"));
    List<Long> log = journal().stream().map(Change::resourceVersion).toList();
    assertThat(here.until(end).stream().map(WatchEvent::resourceVersion)).containsExactlyElementsOf(log);
    assertThat(there.until(end).stream().map(WatchEvent::resourceVersion)).containsExactlyElementsOf(log);
  }

  private static String stats(Map<Long, Long> committed, Map<Long, Long> arrived) {
    List<Double> ms = committed.entrySet().stream()
        .filter(e -> arrived.containsKey(e.getKey()))
        .map(e -> (arrived.get(e.getKey()) - e.getValue()) / 1e6).sorted().toList();
    return String.format("median %.2f ms, max %.2f ms (n=%d)", ms.get(ms.size() / 2), ms.get(ms.size() - 1), ms.size());
  }
}
