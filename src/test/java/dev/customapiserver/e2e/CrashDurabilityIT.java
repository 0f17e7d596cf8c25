package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.e2e.FooRequests.Stored;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write the server acknowledged survives {@code kill -9}. Concurrent writers create Foos and one
 * updater bumps a counter Foo; once enough creates are acknowledged the server is SIGKILLed while the
 * writers are still writing. After a restart on the same data directory, everything acknowledged is there,
 * unchanged, exactly once.
 */
@DisplayName("durability of acknowledged writes across kill -9")
class CrashDurabilityIT {
  static final int WRITERS = 4;
  static final int ACKNOWLEDGED_BEFORE_KILL = 200;
  static final int MAX_ATTEMPTS_PER_WRITER = 5_000; // a bound in case the kill never comes
  @TempDir Path tmp;

  /** What the clients saw: acknowledged creates, the last acknowledged counter update, failures. */
  static final class Observed {
    final Map<String, String> acknowledged = new ConcurrentHashMap<>(); // name -> resourceVersion
    final Set<String> attempted = ConcurrentHashMap.newKeySet();
    final Queue<String> unexpected = new ConcurrentLinkedQueue<>(); // neither the expected status nor a dead server
    final AtomicInteger failedByKill = new AtomicInteger();
    final CountDownLatch enoughAcknowledged = new CountDownLatch(1);
    volatile Stored counter; // last acknowledged state of the counter Foo
    volatile int counterUpdates;
  }

  @Test
  @DisplayName("after SIGKILL under concurrent creates and updates, every acknowledged write is back after restart, "
      + "unchanged and once, and new writes get larger resourceVersions")
  void acknowledgedWritesSurviveKill() throws Exception {
    try (ServerProcess server = ServerProcess.start(tmp.resolve("data"))) {
      FooRequests foos = new FooRequests(server, "default");
      Observed seen = new Observed();
      HttpResponse<String> counterCreated = foos.create("counter", "0");
      assertThat(counterCreated.statusCode()).as(counterCreated.body()).isEqualTo(201);
      seen.counter = Stored.of(FooRequests.read(counterCreated.body()));

      // given writers and an updater running against the server
      ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 1);
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        pool.execute(() -> create(foos, writer, seen));
      }
      pool.execute(() -> updateCounter(foos, seen));
      pool.shutdown();

      // when enough creates are acknowledged, the server is killed mid-stream
      assertThat(seen.enoughAcknowledged.await(180, TimeUnit.SECONDS))
          .as("%d creates acknowledged; unexpected answers: %s", seen.acknowledged.size(), seen.unexpected).isTrue();
      server.kill();
      assertThat(pool.awaitTermination(120, TimeUnit.SECONDS)).as("writers stop once the server is gone").isTrue();
      Map<String, String> acknowledged = Map.copyOf(seen.acknowledged);
      Stored lastCounter = seen.counter;
      server.restart();

      // then
      List<Stored> stored = foos.listAll(100);
      Map<String, Stored> byName = stored.stream().collect(Collectors.toMap(Stored::name, Function.identity(), (a, b) -> a));
      Set<String> unacknowledgedButStored = byName.keySet().stream()
          .filter(n -> !acknowledged.containsKey(n) && !n.equals("counter")).collect(Collectors.toSet());
      System.out.printf("acknowledged creates: %d (threshold %d), attempted: %d, counter updates acknowledged: %d "
              + "(last value %s), requests failed by the kill: %d, stored after restart: %d, stored though not acknowledged: %s%n",
          acknowledged.size(), ACKNOWLEDGED_BEFORE_KILL, seen.attempted.size(), seen.counterUpdates, lastCounter.msg(),
          seen.failedByKill.get(), stored.size(), unacknowledgedButStored);

      assertThat(seen.unexpected).as("answers other than 201/200 before the kill").isEmpty();
      assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(ACKNOWLEDGED_BEFORE_KILL);
      assertThat(stored).extracting(Stored::name).doesNotHaveDuplicates();
      assertThat(byName.keySet()).as("nothing stored that no one wrote")
          .allMatch(n -> n.equals("counter") || seen.attempted.contains(n));
      assertThat(acknowledged.keySet().stream().filter(n -> !byName.containsKey(n)).sorted().toList())
          .as("acknowledged creates missing after restart").isEmpty();
      acknowledged.forEach((name, rv) ->
          assertThat(byName.get(name).resourceVersion()).as("resourceVersion of %s", name).isEqualTo(rv));

      Stored counter = byName.get("counter");
      System.out.printf("counter after restart: %s (last acknowledged %s)%n", counter.msg(), lastCounter.msg());
      assertThat(Long.parseLong(counter.msg())).as("counter after restart").isGreaterThanOrEqualTo(Long.parseLong(lastCounter.msg()));
      if (counter.msg().equals(lastCounter.msg())) {
        assertThat(counter.resourceVersion()).isEqualTo(lastCounter.resourceVersion());
      }

      HttpResponse<String> after = foos.create("after-restart", "new");
      assertThat(after.statusCode()).as(after.body()).isEqualTo(201);
      long newVersion = Long.parseLong(Stored.of(FooRequests.read(after.body())).resourceVersion());
      long highestBefore = stored.stream().mapToLong(s -> Long.parseLong(s.resourceVersion())).max().orElseThrow();
      assertThat(newVersion).isGreaterThan(highestBefore);
    }
  }

  /** Creates w{writer}-{i} until the server goes away; records each 201 as acknowledged. */
  private static void create(FooRequests foos, int writer, Observed seen) {
    for (int i = 0; i < MAX_ATTEMPTS_PER_WRITER; i++) {
      String name = "w" + writer + "-" + i;
      seen.attempted.add(name);
      HttpResponse<String> r;
      try {
        r = foos.create(name, "writer " + writer);
      } catch (IOException e) {
        seen.failedByKill.incrementAndGet(); // the server is gone: this write is not acknowledged
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (r.statusCode() != 201) {
        seen.unexpected.add("POST " + name + ": " + r.statusCode() + " " + r.body());
        continue;
      }
      seen.acknowledged.put(name, Stored.of(FooRequests.read(r.body())).resourceVersion());
      if (seen.acknowledged.size() >= ACKNOWLEDGED_BEFORE_KILL) {
        seen.enoughAcknowledged.countDown();
      }
    }
  }

  /** PUTs the counter Foo with msg n+1 and the last acknowledged resourceVersion, until the server goes away. */
  private static void updateCounter(FooRequests foos, Observed seen) {
    for (int i = 0; i < MAX_ATTEMPTS_PER_WRITER; i++) {
      Stored last = seen.counter;
      String next = Long.toString(Long.parseLong(last.msg()) + 1);
      HttpResponse<String> r;
      try {
        r = foos.replace("counter", last.resourceVersion(), next);
      } catch (IOException e) {
        seen.failedByKill.incrementAndGet();
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (r.statusCode() != 200) {
        seen.unexpected.add("PUT counter=" + next + ": " + r.statusCode() + " " + r.body());
        return; // a lone updater never conflicts; stop rather than guess the state
      }
      seen.counter = Stored.of(FooRequests.read(r.body()));
      seen.counterUpdates++;
    }
  }
}
