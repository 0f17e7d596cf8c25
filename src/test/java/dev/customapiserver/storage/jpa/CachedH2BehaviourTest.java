package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import dev.customapiserver.storage.contract.WatchContract;
import dev.customapiserver.storage.contract.WatchRecorder;
import dev.customapiserver.storage.contract.Widget;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What only the watch cache promises: memory-served lists, fan-out to many watchers, isolation from slow listeners. */
@DisplayName("watch cache over H2: behaviour")
@ExtendWith(H2Databases.class)
/** Also runs the watch contract once more, over the counting inner store. */
class CachedH2BehaviourTest extends CachedH2WatchTest {
  final AtomicInteger innerLists = new AtomicInteger();
  /** When set, inner lists wait for it. */
  volatile CountDownLatch listGate;

  @Override
  protected StorageBackend underTest(StorageBackend jpa) {
    cached = new CachingStorageBackend(counting(jpa), 1000);
    return cached;
  }

  /** {@code jpa} with every list of its stores counted. */
  private StorageBackend counting(StorageBackend jpa) {
    return new StorageBackend() {
      @Override
      @SuppressWarnings("unchecked")
      public <H extends KubeObject> ResourceStore<H> forResource(GroupResource r, StorageCodec<H> c) {
        ResourceStore<H> s = jpa.forResource(r, c);
        return (ResourceStore<H>) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ResourceStore.class},
            (proxy, m, args) -> {
              if (m.getName().equals("list")) {
                innerLists.incrementAndGet();
                CountDownLatch gate = listGate;
                if (gate != null) {
                  gate.await();
                }
              }
              try {
                return m.invoke(s, args);
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            });
      }

      @Override
      public long currentRevision() {
        return jpa.currentRevision();
      }

      @Override
      public boolean healthy() {
        return jpa.healthy();
      }

      @Override
      public void close() {
        jpa.close();
      }
    };
  }

  /** Waits, through a watch served by the cache, until the cache has reached {@code rv}. */
  void awaitCacheAt(long rv) throws InterruptedException {
    WatchRecorder r = new WatchRecorder();
    var w = store.watch(new dev.customapiserver.storage.WatchRequest<>(null, null, "0", true, false), r);
    r.until(rv);
    w.close();
  }

  @Test
  @DisplayName("lists at resourceVersion=0, paged with the cache's continue tokens, never reach the inner store")
  void listFromMemory() throws Exception {
    for (int i = 0; i < 7; i++) {
      create("a", "m" + i);
    }
    long now = backend.currentRevision();
    awaitCacheAt(now);
    int before = innerLists.get();
    List<String> names = new ArrayList<>();
    ListPage<Widget> page = store.list(new ListRequest<>("a", w -> true, 3, null, "0", ResourceVersionMatch.UNSET));
    names.addAll(page.items().stream().map(w -> w.metadata().name).toList());
    create("a", "m00"); // between pages: not in the snapshot
    while (page.continueToken() != null) {
      assertThat(page.resourceVersion()).isEqualTo(now);
      page = store.list(new ListRequest<>("a", w -> true, 3, page.continueToken(), null, ResourceVersionMatch.UNSET));
      names.addAll(page.items().stream().map(w -> w.metadata().name).toList());
    }
    assertThat(names).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6");
    assertThat(store.list(new ListRequest<>(null, w -> true, 0, null, Long.toString(now), ResourceVersionMatch.NOT_OLDER_THAN))
        .items()).hasSizeGreaterThanOrEqualTo(7);
    assertThat(innerLists.get()).isEqualTo(before);
    store.list(ListRequest.all(null)); // rv unset: the most recent, a consistent read of the inner store
    assertThat(innerLists.get()).isEqualTo(before + 1);
  }

  @Test
  @DisplayName("20 watchers (half from the initial state, half from the window) see every change once, in order, under concurrent writers")
  void manyWatchers() throws Exception {
    create("a", "seed0");
    long start = rv(create("b", "seed1"));
    List<WatchRecorder> fromWindow = new ArrayList<>();
    List<WatchRecorder> fromState = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      WatchRecorder w = new WatchRecorder();
      store.watch(from(Long.toString(start), null, null), w);
      fromWindow.add(w);
      WatchRecorder s = new WatchRecorder();
      store.watch(from(null, null, null), s);
      fromState.add(s);
    }
    writeConcurrently();
    long end = rv(create("a", "end0"));
    List<Seen> expected = expected(start, end, null, n -> true);
    for (WatchRecorder w : fromWindow) {
      assertThat(w.until(end).stream().map(WatchContract::seen)).containsExactlyElementsOf(expected);
    }
    for (WatchRecorder s : fromState) {
      List<WatchEvent<Widget>> got = s.until(end);
      long r = got.get(0).resourceVersion();
      List<WatchEvent<Widget>> initial = got.stream().filter(e -> e.resourceVersion() == r).toList();
      assertThat(initial.stream().map(e -> e.object().metadata().name).sorted().toList()).isEqualTo(namesAt(r));
      assertThat(got.subList(initial.size(), got.size()).stream().map(WatchContract::seen))
          .containsExactlyElementsOf(expected(r, end, null, n -> true));
    }
  }

  @Test
  @DisplayName("a listener blocked in onEvent does not delay the others; released, it gets everything in order")
  void slowListener() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    WatchRecorder slow = new WatchRecorder() {
      @Override
      public void onEvent(WatchEvent<Widget> event) {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        super.onEvent(event);
      }
    };
    long start = rv(create("a", "s0"));
    store.watch(from(Long.toString(start), null, null), slow);
    WatchRecorder fast = new WatchRecorder();
    store.watch(from(Long.toString(start), null, null), fast);
    long a = rv(create("a", "s1"));
    long b = rv(create("a", "s2"));
    try {
      assertThat(fast.until(b).stream().map(WatchEvent::resourceVersion)).containsExactly(a, b);
      assertThat(slow.events).isEmpty();
    } finally {
      release.countDown();
    }
    assertThat(slow.until(b).stream().map(WatchEvent::resourceVersion)).containsExactly(a, b);
  }

  @Test
  @DisplayName("the backend is synced (what /readyz waits for) only once a newly used resource's cache has done its first list")
  void syncedAfterFirstList() throws Exception {
    assertThat(cached.synced()).isTrue();
    CountDownLatch release = new CountDownLatch(1);
    listGate = release;
    try {
      cached.forResource(new GroupResource("other.example.com", "gadgets"), codec);
      assertThat(cached.synced()).isFalse();
    } finally {
      listGate = null;
      release.countDown();
    }
    assertThat(cached.awaitSynced(java.time.Duration.ofSeconds(WatchRecorder.TIMEOUT_SECONDS))).isTrue();
    assertThat(cached.synced()).isTrue();
  }

  @Test
  @DisplayName("closing the caching backend ends its watches with UNAVAILABLE")
  void cacheClose() throws Exception {
    WatchRecorder rec = new WatchRecorder();
    store.watch(from(null, null, null), rec);
    cached.close();
    assertThat(rec.awaitClose()).get().extracting(e -> e.reason())
        .isEqualTo(dev.customapiserver.storage.StorageException.Reason.UNAVAILABLE);
  }
}
