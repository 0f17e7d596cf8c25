package dev.customapiserver.storage.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.contract.StorageFixture.Change;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchEvent.Type;
import dev.customapiserver.storage.WatchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Watch from the change log; run against every database by the concrete subclasses. */
public abstract class WatchContract extends StorageContract {
  protected static final Predicate<Widget> EVEN = w -> (w.metadata().name.charAt(w.metadata().name.length() - 1) - '0') % 2 == 0;

  /** What a watcher got, comparable with the change log: type, RV, key. */
  protected record Seen(String type, long rv, ObjectKey key) {}

  protected static Seen seen(WatchEvent<Widget> e) {
    return new Seen(e.type().name(), e.resourceVersion(),
        new ObjectKey(e.object().metadata().namespace, e.object().metadata().name));
  }

  protected static WatchRequest<Widget> from(String rv, String namespace, Predicate<Widget> filter) {
    return new WatchRequest<>(namespace, filter, rv, false, false);
  }

  protected Widget update(String ns, String name, java.util.function.UnaryOperator<Widget> change) {
    return store.guaranteedUpdate(new ObjectKey(ns, name), Preconditions.NONE, change::apply);
  }

  /** 4 threads × 99 writes: create, update, delete of their own objects in namespaces a and b. */
  protected void writeConcurrently() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          for (int i = 0; i < 99; i++) {
            String ns = thread % 2 == 0 ? "a" : "b";
            String name = "w" + thread + "-" + (i / 3);
            switch (i % 3) {
              case 0 -> create(ns, name);
              case 1 -> update(ns, name, w -> {
                w.spec.counter++;
                return w;
              });
              default -> store.delete(new ObjectKey(ns, name), Preconditions.NONE);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  protected List<Seen> expected(long after, long upTo, String namespace, Predicate<String> name) throws Exception {
    return journal().stream()
        .filter(c -> c.resourceVersion() > after && c.resourceVersion() <= upTo)
        .filter(c -> namespace == null || namespace.equals(c.key().namespace()))
        .filter(c -> name.test(c.key().name()))
        .map(c -> new Seen(c.type(), c.resourceVersion(), c.key())).toList();
  }

  protected static Predicate<String> evenName() {
    return n -> (n.charAt(n.length() - 1) - '0') % 2 == 0;
  }

  @Test
  @DisplayName("every watcher sees every change its selector matches exactly once, in RV order, under concurrent writers")
  void exactlyOnceInOrder() throws Exception {
    long start = backend.currentRevision();
    WatchRecorder all = new WatchRecorder();
    WatchRecorder inA = new WatchRecorder();
    WatchRecorder even = new WatchRecorder();
    store.watch(from(Long.toString(start), null, null), all);
    store.watch(from(Long.toString(start), "a", null), inA);
    store.watch(from(Long.toString(start), null, EVEN), even);
    writeConcurrently();
    long end = rv(create("a", "end0"));

    assertThat(all.until(end).stream().map(WatchContract::seen)).containsExactlyElementsOf(expected(start, end, null, n -> true));
    assertThat(inA.until(end).stream().map(WatchContract::seen)).containsExactlyElementsOf(expected(start, end, "a", n -> true));
    assertThat(even.until(end).stream().map(WatchContract::seen)).containsExactlyElementsOf(expected(start, end, null, evenName()));
    assertThat(expected(start, end, null, n -> true)).hasSize(4 * 99 + 1);
  }

  @Test
  @DisplayName("without a resourceVersion: ADDED for the current objects, then the changes, no gap or duplicate at the boundary while writers run")
  void initialThenChanges() throws Exception {
    for (int i = 0; i < 5; i++) {
      create("a", "pre" + i);
    }
    ExecutorService pool = Executors.newSingleThreadExecutor();
    WatchRecorder rec = new WatchRecorder();
    try {
      Future<?> writing = pool.submit(() -> {
        writeConcurrently();
        return null;
      });
      store.watch(from(null, null, null), rec);
      writing.get();
    } finally {
      pool.shutdownNow();
    }
    long end = rv(create("a", "end0"));
    List<WatchEvent<Widget>> got = rec.until(end);
    // the initial ADDED events all carry the start revision R; everything after is the change log after R
    long r = got.get(0).resourceVersion();
    List<WatchEvent<Widget>> initial = got.stream().filter(e -> e.resourceVersion() == r).toList();
    assertThat(initial).allSatisfy(e -> assertThat(e.type()).isEqualTo(Type.ADDED));
    assertThat(initial.stream().map(e -> e.object().metadata().name).sorted().toList())
        .isEqualTo(namesAt(r));
    assertThat(got.subList(initial.size(), got.size()).stream().map(WatchContract::seen))
        .containsExactlyElementsOf(expected(r, end, null, n -> true));
  }

  @Test
  @DisplayName("resuming from the last RV seen continues without gap or duplicate")
  void resume() throws Exception {
    long start = rv(create("a", "x0")); // not 0, which asks for the current state first

    WatchRecorder first = new WatchRecorder();
    Watch w = store.watch(from(Long.toString(start), null, null), first);
    create("a", "x1");
    long mid = rv(create("a", "x2"));
    List<WatchEvent<Widget>> before = first.until(mid);
    w.close();
    assertThat(first.awaitClose()).isEmpty();
    create("a", "x3");
    long end = rv(update("a", "x1", x -> x.label("k", "v")));
    WatchRecorder second = new WatchRecorder();
    store.watch(from(Long.toString(mid), null, null), second);
    List<Seen> all = new ArrayList<>(before.stream().map(WatchContract::seen).toList());
    all.addAll(second.until(end).stream().map(WatchContract::seen).toList());
    assertThat(all).containsExactlyElementsOf(expected(start, end, null, n -> true));
  }

  @Test
  @DisplayName("an object entering the filter is ADDED for the watcher, one leaving it DELETED with its last matching state at the change's RV")
  void transitions() throws Exception {
    WatchRecorder rec = new WatchRecorder();
    store.watch(from(Long.toString(backend.currentRevision()), null,
        w -> w.metadata().labels != null && "red".equals(w.metadata().labels.get("color"))), rec);
    create("a", "t");
    Widget in = update("a", "t", w -> w.label("color", "red"));
    Widget changed = update("a", "t", w -> { w.spec.counter = 7; return w; });
    Widget out = update("a", "t", w -> w.label("color", "blue"));
    store.delete(new ObjectKey("a", "t"), Preconditions.NONE);
    create("a", "u");
    long end = rv(update("a", "u", w -> w.label("color", "red")));
    List<WatchEvent<Widget>> got = rec.until(end);
    assertThat(got.stream().map(e -> e.type() + "@" + e.resourceVersion()).toList()).containsExactly(
        "ADDED@" + rv(in), "MODIFIED@" + rv(changed), "DELETED@" + rv(out), "ADDED@" + end);
    // as kube: the previous object (still red, counter 7), with the resourceVersion of the change that made it leave
    assertThat(got.get(2).object().metadata().labels).containsEntry("color", "red");
    assertThat(got.get(2).object().spec.counter).isEqualTo(7);
    assertThat(got.get(2).object().metadata().resourceVersion).isEqualTo(Long.toString(rv(out)));
  }

  @Test
  @DisplayName("a resourceVersion below the compaction revision is EXPIRED, synchronously")
  protected void expired() throws Exception {
    create("a", "e1");
    update("a", "e1", w -> w.label("k", "v"));
    long c = fixture.compact();
    assertThat(c).isEqualTo(backend.currentRevision());
    assertFails(Reason.EXPIRED, () -> store.watch(from(Long.toString(c - 1), null, null), new WatchRecorder()));
    WatchRecorder ok = new WatchRecorder();
    store.watch(from(Long.toString(c), null, null), ok);
    long end = rv(create("a", "e2"));
    assertThat(ok.next().resourceVersion()).isEqualTo(end);
  }

  @Test
  @DisplayName("sendInitialEvents: ADDED for the state at the resourceVersion, a BOOKMARK at it, then the changes after it")
  void sendInitialEvents() throws Exception {
    create("a", "s1");
    long at = rv(create("a", "s2"));
    update("a", "s1", w -> w.label("k", "v"));
    store.delete(new ObjectKey("a", "s2"), Preconditions.NONE);
    long end = backend.currentRevision();
    WatchRecorder rec = new WatchRecorder();
    store.watch(new WatchRequest<>(null, null, Long.toString(at), true, false), rec);
    List<String> got = rec.until(end).stream()
        .map(e -> e.type() + (e.object() == null ? "" : " " + e.object().metadata().name) + "@" + e.resourceVersion()).toList();
    assertThat(got).containsExactly("ADDED s1@" + at, "ADDED s2@" + at, "BOOKMARK@" + at,
        "MODIFIED s1@" + (at + 1), "DELETED s2@" + end);
  }

  @Test
  @DisplayName("bookmarks=true: periodic BOOKMARK events at the newest revision delivered")
  void bookmarks() throws Exception {
    long now = rv(create("a", "b1"));
    // opened after the write, so that its tailer starts at it: a backend opened before may bookmark what
    // it has delivered (0) before it hears of another instance's write
    StorageBackend quick = fixture.openBookmarking();
    try {
      WatchRecorder rec = new WatchRecorder();
      quick.forResource(Widget.RESOURCE, codec).watch(new WatchRequest<>(null, null, Long.toString(now - 1), false, true), rec);
      WatchEvent<Widget> e = rec.next();
      while (e.type() != Type.BOOKMARK) {
        e = rec.next();
      }
      assertThat(e.resourceVersion()).isGreaterThanOrEqualTo(now);
    } finally {
      quick.close();
    }
  }

  @Test
  @DisplayName("a listener that throws gets its watch closed; others go on")
  void throwingListener() throws Exception {
    WatchRecorder bad = new WatchRecorder() {
      @Override
      public void onEvent(WatchEvent<Widget> event) {
        throw new IllegalStateException("boom");
      }
    };
    WatchRecorder good = new WatchRecorder();
    String now = Long.toString(backend.currentRevision());
    store.watch(from(now, null, null), bad);
    store.watch(from(now, null, null), good);
    long a = rv(create("a", "f1"));
    long b = rv(create("a", "f2"));
    assertThat(bad.awaitClose()).isPresent();
    assertThat(good.until(b).stream().map(WatchEvent::resourceVersion)).containsExactly(a, b);
  }

  @Test
  @DisplayName("closing the backend ends every watch with UNAVAILABLE")
  void backendClose() throws Exception {
    StorageBackend other = open();
    WatchRecorder rec = new WatchRecorder();
    other.forResource(Widget.RESOURCE, codec).watch(from(null, null, null), rec);
    other.close();
    assertThat(rec.awaitClose()).get().extracting(e -> e.reason()).isEqualTo(Reason.UNAVAILABLE);
  }

  @Test
  @DisplayName("paged lists are one snapshot: every page shows the state at the first page's revision while writes go on")
  void snapshotPages() throws Exception {
    for (int i = 0; i < 20; i++) {
      create("a", String.format("p%02d", i));
    }
    ListPage<Widget> page = store.list(new ListRequest<>(null, w -> true, 3, null, null, ResourceVersionMatch.UNSET));
    long at = page.resourceVersion();
    List<String> names = new ArrayList<>(page.items().stream().map(w -> w.metadata().name).toList());
    int round = 0;
    while (page.continueToken() != null) {
      // between pages: delete a later object, change an earlier one, add new ones
      store.delete(new ObjectKey("a", String.format("p%02d", 19 - round)), Preconditions.NONE);
      update("a", "p00", w -> { w.spec.counter++; return w; });
      create("a", "p05x" + round++);
      page = store.list(new ListRequest<>(null, w -> true, 3, page.continueToken(), null, ResourceVersionMatch.UNSET));
      assertThat(page.resourceVersion()).isEqualTo(at);
      names.addAll(page.items().stream().map(w -> w.metadata().name).toList());
    }
    assertThat(names).isEqualTo(namesAt(at)).hasSize(20);
    ListPage<Widget> exact = store.list(new ListRequest<>(null, w -> true, 0, null, Long.toString(at), ResourceVersionMatch.EXACT));
    assertThat(exact.items()).extracting(w -> w.metadata().name).isEqualTo(namesAt(at));
    assertThat(exact.items()).allSatisfy(w -> assertThat(rv(w)).isLessThanOrEqualTo(at));
  }

  @Test
  @DisplayName("after compaction past a list's revision its continue token and Exact reads are EXPIRED; later revisions still read whole")
  void continueExpired() throws Exception {
    for (int i = 0; i < 4; i++) {
      create("a", "c" + i);
    }
    ListPage<Widget> first = store.list(new ListRequest<>(null, w -> true, 2, null, null, ResourceVersionMatch.UNSET));
    update("a", "c0", w -> w.label("k", "v"));
    store.delete(new ObjectKey("a", "c1"), Preconditions.NONE);
    long c = fixture.compact();
    assertThat(c).isGreaterThan(first.resourceVersion());
    assertFails(Reason.EXPIRED, () -> store.list(new ListRequest<>(null, w -> true, 2, first.continueToken(), null,
        ResourceVersionMatch.UNSET)));
    assertFails(Reason.EXPIRED, () -> store.list(new ListRequest<>(null, w -> true, 0, null,
        Long.toString(first.resourceVersion()), ResourceVersionMatch.EXACT)));
    ListPage<Widget> atC = store.list(new ListRequest<>(null, w -> true, 0, null, Long.toString(c), ResourceVersionMatch.EXACT));
    assertThat(atC.items()).extracting(w -> w.metadata().name).containsExactly("c0", "c2", "c3");
  }

  @Test
  @DisplayName("an expired continue token's failure carries a fresh token: same key, current revision, the rest of the list as it is now")
  void expiredContinueCarriesFreshToken() throws Exception {
    for (int i = 0; i < 5; i++) {
      create("a", "e" + i);
    }
    ListPage<Widget> first = store.list(new ListRequest<>(null, w -> true, 2, null, null, ResourceVersionMatch.UNSET));
    assertThat(first.items()).extracting(w -> w.metadata().name).containsExactly("e0", "e1");
    store.delete(new ObjectKey("a", "e2"), Preconditions.NONE);
    create("a", "e5");
    long c = fixture.compact();
    assertThat(c).isGreaterThan(first.resourceVersion());
    StorageException expired = catchThrowableOfType(() -> store.list(new ListRequest<>(null, w -> true, 2,
        first.continueToken(), null, ResourceVersionMatch.UNSET)), StorageException.class);
    assertThat(expired.reason()).isEqualTo(Reason.EXPIRED);
    assertThat(expired.freshContinue()).isNotNull().isNotEqualTo(first.continueToken());
    List<String> rest = new ArrayList<>();
    String token = expired.freshContinue();
    while (token != null) {
      ListPage<Widget> page = store.list(new ListRequest<>(null, w -> true, 2, token, null, ResourceVersionMatch.UNSET));
      assertThat(page.resourceVersion()).as("the current revision").isGreaterThanOrEqualTo(c);
      page.items().forEach(w -> rest.add(w.metadata().name));
      token = page.continueToken();
    }
    assertThat(rest).as("after e1, as the store is now").containsExactly("e3", "e4", "e5");
  }

  /** The names of the objects alive at revision {@code r}, from the change log. */
  protected List<String> namesAt(long r) throws Exception {
    java.util.Map<ObjectKey, String> state = new java.util.TreeMap<>(
        java.util.Comparator.comparing(ObjectKey::namespace).thenComparing(ObjectKey::name));
    for (Change c : journal()) {
      if (c.resourceVersion() <= r) {
        state.put(c.key(), c.type());
      }
    }
    return state.entrySet().stream().filter(e -> !e.getValue().equals("DELETED"))
        .map(e -> e.getKey().name()).sorted().toList();
  }

}
