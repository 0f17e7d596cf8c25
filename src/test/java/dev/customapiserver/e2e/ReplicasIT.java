package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.e2e.HttpsWatch.Event;
import dev.customapiserver.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code java -jar} replicas on one PostgreSQL database behave as one API: same objects, same
 * resourceVersions, same watch events, optimistic concurrency across them. Each replica has its own
 * data directory, CA and admin token (each is addressed with its own kubeconfig). Delays from A's
 * acknowledgement to B's watcher are printed, not asserted. Skipped when PostgreSQL cannot start.
 */
@DisplayName("Two replicas on one PostgreSQL serve one API")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasIT {
  @TempDir static Path tmp;
  static PostgresServer postgres;
  static ServerProcess a;
  static ServerProcess b;

  @BeforeAll
  static void start() throws Exception {
    try {
      postgres = PostgresServer.start();
    } catch (Exception e) {
      Assumptions.abort("PostgreSQL not available: " + e.getMessage());
    }
    String url = postgres.createDatabase();
    a = ServerProcess.start(tmp.resolve("a"), "--storage-url", url, "--storage-username", "postgres");
    b = ServerProcess.start(tmp.resolve("b"), "--storage-url", url, "--storage-username", "postgres");
    for (String ns : List.of("seen", "mixed", "occ", "ryw", "kctl", "crash")) {
      ok(a.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"" + ns + "\"}}", "application/json"), 201);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (a != null) {
      a.close();
    }
    if (b != null) {
      b.close();
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  static String collection(String ns) {
    return "/apis/hello.zeng.dev/v2/namespaces/" + ns + "/foos";
  }

  static JsonNode ok(HttpResponse<String> r, int status) {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
    return FooRequests.read(r.body());
  }

  /** The list resourceVersion of the namespace's Foos through {@code server}. */
  static String listRv(ServerProcess server, String ns) throws Exception {
    return ok(server.send("GET", collection(ns) + "?limit=500", null, null), 200).path("metadata").path("resourceVersion").asText();
  }

  static HttpsWatch watchFrom(ServerProcess server, String ns, String rv) throws Exception {
    return HttpsWatch.open(server, collection(ns) + "?watch=true&resourceVersion=" + rv);
  }

  @Test
  @Order(1)
  @DisplayName("a watcher on B sees each object created through A, with the resourceVersion A returned")
  void createdOnASeenOnB() throws Exception {
    String ns = "seen";
    List<Long> delaysMicros = new ArrayList<>();
    try (HttpsWatch onB = watchFrom(b, ns, listRv(b, ns))) {
      FooRequests viaA = new FooRequests(a, ns);
      for (int i = 0; i < 30; i++) {
        FooRequests.Stored created = FooRequests.Stored.of(ok(viaA.create("f" + i, "m" + i), 201));
        long acked = System.nanoTime();
        Event e = onB.next();
        assertThat(e.summary()).isEqualTo("ADDED " + created.name() + " " + created.resourceVersion());
        delaysMicros.add((e.receivedNanos() - acked) / 1000);
      }
    }
    Collections.sort(delaysMicros);
    System.out.printf("[replicas] A ack -> B watcher delay over %d creates: median %.1f ms, max %.1f ms "
        + "(negative: the event arrived before the response was read)%n", delaysMicros.size(),
        delaysMicros.get(delaysMicros.size() / 2) / 1000.0, delaysMicros.get(delaysMicros.size() - 1) / 1000.0);
  }

  /** Creates and updates {@code count} writes' worth of Foos through {@code server}; returns the acknowledged events. */
  static List<String> writes(ServerProcess server, String ns, String prefix, int count) throws Exception {
    FooRequests foos = new FooRequests(server, ns);
    List<String> acked = new ArrayList<>();
    String name = null;
    String rv = null;
    for (int i = 0; i < count; i++) {
      if (i % 2 == 0) {
        name = prefix + "-" + i;
        rv = ok(foos.create(name, "v" + i), 201).path("metadata").path("resourceVersion").asText();
        acked.add("ADDED " + name + " " + rv);
      } else {
        rv = ok(foos.replace(name, rv, "v" + i), 200).path("metadata").path("resourceVersion").asText();
        acked.add("MODIFIED " + name + " " + rv);
      }
    }
    return acked;
  }

  @Test
  @Order(2)
  @DisplayName("watchers on A and B see the same events, each once in resourceVersion order, for concurrent writes through both")
  void sameSequenceOnBoth() throws Exception {
    String ns = "mixed";
    String from = listRv(a, ns);
    try (HttpsWatch onA = watchFrom(a, ns, from); HttpsWatch onB = watchFrom(b, ns, from)) {
      ExecutorService pool = Executors.newFixedThreadPool(4);
      List<Future<List<String>>> results = new ArrayList<>();
      try {
        for (int t = 0; t < 4; t++) {
          ServerProcess via = t % 2 == 0 ? a : b;
          String prefix = (t % 2 == 0 ? "a" : "b") + t;
          results.add(pool.submit(() -> writes(via, ns, prefix, 25)));
        }
        Set<String> acked = ConcurrentHashMap.newKeySet();
        for (Future<List<String>> f : results) {
          acked.addAll(f.get(120, TimeUnit.SECONDS));
        }
        assertThat(acked).hasSize(100);
        List<String> seenA = onA.next(100).stream().map(Event::summary).toList();
        List<Event> eventsB = onB.next(100);
        List<String> seenB = eventsB.stream().map(Event::summary).toList();
        assertThat(seenB).as("B's events against A's").containsExactlyElementsOf(seenA);
        assertThat(seenA).as("every acknowledged write, once").containsExactlyInAnyOrderElementsOf(acked);
        assertThat(eventsB.stream().map(Event::rv).toList()).as("resourceVersion order").isSorted().doesNotHaveDuplicates();
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  @Order(3)
  @DisplayName("two PUTs with the same resourceVersion, one per replica: one 200, one 409 Conflict")
  void optimisticConcurrencyAcrossReplicas() throws Exception {
    String ns = "occ";
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 5; round++) {
        String name = "race-" + round;
        String rv = ok(new FooRequests(a, ns).create(name, "zero"), 201).path("metadata").path("resourceVersion").asText();
        CountDownLatch go = new CountDownLatch(1);
        List<Future<HttpResponse<String>>> puts = new ArrayList<>();
        for (ServerProcess via : List.of(a, b)) {
          Callable<HttpResponse<String>> put = () -> {
            go.await();
            return new FooRequests(via, ns).replace(name, rv, via == a ? "from-a" : "from-b");
          };
          puts.add(pool.submit(put));
        }
        go.countDown();
        List<HttpResponse<String>> answers = new ArrayList<>();
        for (Future<HttpResponse<String>> f : puts) {
          answers.add(f.get(60, TimeUnit.SECONDS));
        }
        assertThat(answers).extracting(HttpResponse::statusCode).containsExactlyInAnyOrder(200, 409);
        HttpResponse<String> lost = answers.stream().filter(r -> r.statusCode() == 409).findFirst().orElseThrow();
        JsonNode status = FooRequests.read(lost.body());
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("reason").asText()).isEqualTo("Conflict");
        assertThat(status.path("code").asInt()).isEqualTo(409);
        assertThat(status.path("message").asText()).isEqualTo("Operation cannot be fulfilled on foos.hello.zeng.dev \""
            + name + "\": the object has been modified; please apply your changes to the latest version and try again");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Order(4)
  @DisplayName("a list and a get through B right after a write through A contain the write")
  void readYourWritesAcrossReplicas() throws Exception {
    String ns = "ryw";
    FooRequests viaA = new FooRequests(a, ns);
    FooRequests viaB = new FooRequests(b, ns);
    for (int i = 0; i < 20; i++) {
      FooRequests.Stored created = FooRequests.Stored.of(ok(viaA.create("r" + i, "m" + i), 201));
      assertThat(viaB.listAll(7)).as("list through B after create " + i).contains(created);
      JsonNode got = ok(b.send("GET", collection(ns) + "/r" + i, null, null), 200);
      assertThat(FooRequests.Stored.of(got)).isEqualTo(created);
    }
  }

  @Test
  @Order(5)
  @DisplayName("kubectl against B: get -w prints an object created through A, wait --for=delete returns on A's delete")
  void kubectlOnBSeesA() throws Exception {
    String ns = "kctl";
    Kubectl onB = new Kubectl(b.kubeconfig(), Files.createDirectories(tmp.resolve("home-b")));
    ok(new FooRequests(a, ns).create("before", "x"), 201);
    Process watch = onB.start("get", "foos", "-n", ns, "-w");
    try {
      BlockingQueue<String> lines = KubectlWatchIT.lines(watch);
      assertThat(KubectlWatchIT.nextLine(lines)).startsWith("NAME");
      assertThat(KubectlWatchIT.nextLine(lines)).startsWith("before");
      ok(new FooRequests(a, ns).create("created-on-a", "x"), 201);
      assertThat(KubectlWatchIT.nextLine(lines)).startsWith("created-on-a");
    } finally {
      watch.destroy();
      watch.waitFor(10, TimeUnit.SECONDS);
    }
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Kubectl.Result> waiting = pool.submit(() -> onB.run("wait", "-n", ns, "--for=delete", "foo/before", "--timeout=60s"));
      // kubectl wait first gets the object, then watches: deleting through A must end it either way
      ok(a.send("DELETE", collection(ns) + "/before", null, null), 200);
      Kubectl.Result r = waiting.get(90, TimeUnit.SECONDS);
      assertThat(r.exitCode()).as(r.toString()).isZero();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Order(6)
  @DisplayName("A killed with SIGKILL mid-writes: B's watcher continues and B keeps serving; restarted A serves the same data")
  void killOneReplica() throws Exception {
    String ns = "crash";
    String from = listRv(b, ns);
    try (HttpsWatch onB = watchFrom(b, ns, from)) {
      List<String> ackedOnA = Collections.synchronizedList(new ArrayList<>());
      Set<String> attemptedOnA = ConcurrentHashMap.newKeySet();
      CountDownLatch tenAcked = new CountDownLatch(10);
      Thread writer = new Thread(() -> {
        FooRequests viaA = new FooRequests(a, ns);
        for (int i = 0; i < 10_000; i++) {
          String name = "a-" + i;
          attemptedOnA.add(name);
          try {
            HttpResponse<String> r = viaA.create(name, "m");
            ackedOnA.add("ADDED " + name + " " + FooRequests.read(r.body()).path("metadata").path("resourceVersion").asText());
            tenAcked.countDown();
          } catch (Exception e) {
            return; // A is gone
          }
        }
      }, "writes-through-a");
      writer.start();
      assertThat(tenAcked.await(60, TimeUnit.SECONDS)).as("10 writes through A").isTrue();
      a.kill();
      writer.join(60_000);
      assertThat(writer.isAlive()).as("the writer noticed A is gone").isFalse();

      List<String> onBAfter = writes(b, ns, "b", 10);
      long lastRv = Long.parseLong(onBAfter.get(onBAfter.size() - 1).split(" ")[2]);
      List<Event> seen = new ArrayList<>();
      while (seen.isEmpty() || seen.get(seen.size() - 1).rv() < lastRv) {
        seen.add(onB.next());
      }
      List<String> summaries = seen.stream().map(Event::summary).toList();
      assertThat(seen.stream().map(Event::rv).toList()).as("resourceVersion order, once each").isSorted().doesNotHaveDuplicates();
      assertThat(summaries).as("every write A acknowledged before dying").containsAll(ackedOnA);
      assertThat(summaries).as("then B's writes, in order").endsWith(onBAfter.toArray(String[]::new));
      assertThat(seen.subList(0, seen.size() - onBAfter.size())).as("A's part: only names A was asked to create")
          .allSatisfy(e -> assertThat(attemptedOnA).contains(e.name()));
      System.out.printf("[replicas] A killed after %d acknowledged creates; B saw %d of A's (an unacknowledged one may have committed)%n",
          ackedOnA.size(), seen.size() - onBAfter.size());

      a.restart();
      assertThat(new FooRequests(a, ns).listAll(9)).as("restarted A lists what B lists")
          .containsExactlyElementsOf(new FooRequests(b, ns).listAll(500));
      try (HttpsWatch replay = watchFrom(a, ns, from)) {
        assertThat(replay.next(seen.size()).stream().map(Event::summary).toList()).as("restarted A replays the same events")
            .containsExactlyElementsOf(summaries);
      }
      FooRequests.Stored late = FooRequests.Stored.of(ok(new FooRequests(a, ns).create("after-restart", "m"), 201));
      Event e = onB.next();
      assertThat(e.summary()).as("B's watcher, open all along, sees the restarted A's write")
          .isEqualTo("ADDED after-restart " + late.resourceVersion());
    }
  }
}
