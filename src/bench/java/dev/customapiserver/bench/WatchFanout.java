package dev.customapiserver.bench;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * W watchers on one namespace from a list's resourceVersion, a sentinel write as readiness barrier, then M
 * creates; latency is write acknowledgement (response received) to event arrival at each watcher.
 */
final class WatchFanout {
  static final String NAMESPACE = "bench";
  private static final Duration BARRIER_WAIT = Duration.ofSeconds(120);
  private static final Duration QUIET_WAIT = Duration.ofSeconds(30);
  private final BenchConfig cfg;
  private final ServerUnderTest server;
  private final Api api;

  WatchFanout(BenchConfig cfg, ServerUnderTest server, Api api) {
    this.cfg = cfg;
    this.server = server;
    this.api = api;
  }

  Map<String, Object> run() throws Exception {
    Map<String, Object> r = new LinkedHashMap<>();
    int w = cfg.watchers();
    int m = cfg.writes();
    r.put("watchers", w);
    r.put("writes", m);
    ServerUnderTest.ProcStatus before = server.procStatus();
    List<ExecutorService> clientPools = new ArrayList<>();
    List<Watcher> watchers = new ArrayList<>();
    try (ProcSampler sampler = new ProcSampler(server)) {
      String listRv = api.getJson(Api.foosPath(NAMESPACE) + "?limit=1").path("metadata").path("resourceVersion").asText();
      String sentinel = "sentinel-" + System.currentTimeMillis();
      CountDownLatch ready = new CountDownLatch(w);
      List<HttpClient> clients = new ArrayList<>();
      for (int c = 0; c < cfg.watchClients(); c++) {
        ExecutorService pool = Executors.newFixedThreadPool(2, daemon("bench-watch-client-" + c + "-"));
        clientPools.add(pool);
        clients.add(server.newClient(pool));
      }
      String path = Api.foosPath(NAMESPACE) + "?watch=true&resourceVersion=" + listRv + "&timeoutSeconds=" + cfg.maxSeconds();
      long openStart = System.nanoTime();
      // at most watchOpenConcurrency watches between request and response headers: 1000 simultaneous TLS
      // connects overflow the accept backlog and time out on the client
      Semaphore opening = new Semaphore(cfg.watchOpenConcurrency());
      for (int i = 0; i < w; i++) {
        if (!opening.tryAcquire(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("watch " + i + ": no response headers within 60 s for earlier watches");
        }
        Watcher watcher = new Watcher(sentinel, ready, m);
        watchers.add(watcher);
        HttpRequest req = api.request(path, Duration.ofSeconds(60)).GET().build();
        clients.get(i % clients.size()).sendAsync(req, info -> {
          watcher.status(info.statusCode());
          opening.release();
          return HttpResponse.BodySubscribers.fromLineSubscriber(watcher, s -> null, StandardCharsets.UTF_8, null);
        }).whenComplete((resp, err) -> {
          if (err != null) {
            if (watcher.status() < 0) {
              opening.release();
            }
            watcher.onError(err);
          }
        });
      }
      r.put("open_seconds", seconds(System.nanoTime() - openStart));
      api.create(NAMESPACE, sentinel, "sentinel");
      boolean allReady = ready.await(BARRIER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
      r.put("barrier_all_ready", allReady);
      r.put("barrier_ready_watchers", w - ready.getCount());
      r.put("barrier_seconds", seconds(System.nanoTime() - openStart));
      ServerUnderTest.ProcStatus open = server.procStatus();
      r.put("server_threads_with_watchers_open", open.threads());
      r.put("server_rss_mb_with_watchers_open", mb(open.rssKb()));
      r.put("server_thread_names_with_watchers_open", server.threadNameHistogram().toString());
      watchers.stream().map(Watcher::failure).filter(t -> t != null).findFirst()
          .ifPresent(t -> System.out.println("[bench] watch: first failure " + t));
      System.out.printf("[bench] watch: %d/%d watchers ready in %.1f s; server threads %d, RSS %d MB%n",
          w - ready.getCount(), w, seconds(System.nanoTime() - openStart), open.threads(), mb(open.rssKb()));

      long[] ack = new long[m];
      long[] rv = new long[m];
      long writeStart = System.nanoTime();
      write(m, ack, rv);
      long writeEnd = System.nanoTime();
      r.put("write_seconds", seconds(writeEnd - writeStart));
      r.put("writes_per_second", Math.round(m / seconds(writeEnd - writeStart)));
      boolean complete = awaitDelivery(watchers, m);
      r.put("delivery_complete_in_time", complete);
      r.put("drain_seconds_after_last_ack", seconds(System.nanoTime() - writeEnd));
      analyse(watchers, ack, rv, r);
      ServerUnderTest.ProcStatus end = server.procStatus();
      r.put("server_threads_end_of_writes", end.threads());
      r.put("server_thread_names_end_of_writes", server.threadNameHistogram().toString());
      watchers.forEach(Watcher::cancel);
      Thread.sleep(5000); // let the server notice the closed connections before the "after" sample
      ServerUnderTest.ProcStatus after = server.procStatus();
      r.put("server_rss_mb_before", mb(before.rssKb()));
      r.put("server_rss_mb_peak", mb(sampler.peakRssKb()));
      r.put("server_rss_mb_after", mb(after.rssKb()));
      r.put("server_threads_before", before.threads());
      r.put("server_threads_peak", sampler.peakThreads());
      r.put("server_threads_after", after.threads());
    } finally {
      watchers.forEach(Watcher::cancel);
      clientPools.forEach(ExecutorService::shutdownNow);
    }
    return r;
  }

  private void write(int m, long[] ack, long[] rv) throws Exception {
    AtomicInteger next = new AtomicInteger();
    ExecutorService writers = Executors.newFixedThreadPool(cfg.writeConcurrency(), daemon("bench-writer-"));
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < cfg.writeConcurrency(); t++) {
        done.add(writers.submit(() -> {
          for (int i = next.getAndIncrement(); i < m; i = next.getAndIncrement()) {
            String v = api.create(NAMESPACE, "w-" + i, "write " + i);
            ack[i] = System.nanoTime();
            rv[i] = Long.parseLong(v);
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(cfg.maxSeconds(), TimeUnit.SECONDS);
      }
    } finally {
      writers.shutdownNow();
    }
  }

  /** Waits until every watcher has every event, or no progress for {@link #QUIET_WAIT}. */
  private static boolean awaitDelivery(List<Watcher> watchers, int m) throws InterruptedException {
    long total = -1;
    long lastProgress = System.nanoTime();
    while (true) {
      long t = 0;
      for (Watcher w : watchers) {
        t += w.count();
      }
      if (t >= (long) m * watchers.size()) {
        return true;
      }
      if (t != total) {
        total = t;
        lastProgress = System.nanoTime();
      } else if (System.nanoTime() - lastProgress > QUIET_WAIT.toNanos()) {
        return false;
      }
      Thread.sleep(20);
    }
  }

  private static void analyse(List<Watcher> watchers, long[] ack, long[] rv, Map<String, Object> r) {
    Map<Long, Integer> indexOfRv = new HashMap<>();
    for (int i = 0; i < rv.length; i++) {
      indexOfRv.put(rv[i], i);
    }
    long[] latencies = new long[watchers.size() * rv.length];
    int n = 0;
    long early = 0;
    long missing = 0;
    long duplicates = 0;
    long outOfOrder = 0;
    long unknownRv = 0;
    int complete = 0;
    int failed = 0;
    int badStatus = 0;
    long otherEvents = 0;
    long errorEvents = 0;
    for (Watcher w : watchers) {
      boolean[] seen = new boolean[rv.length];
      long prev = Long.MIN_VALUE;
      int got = 0;
      for (int i = 0; i < w.count(); i++) {
        long v = w.rv(i);
        Integer idx = indexOfRv.get(v);
        if (v <= prev) {
          outOfOrder++;
        }
        prev = Math.max(prev, v);
        if (idx == null) {
          unknownRv++;
          continue;
        }
        if (seen[idx]) {
          duplicates++;
          continue;
        }
        seen[idx] = true;
        got++;
        long lat = w.arrival(i) - ack[idx];
        if (lat < 0) {
          early++;
          lat = 0;
        }
        latencies[n++] = lat;
      }
      duplicates += w.overflow();
      missing += rv.length - got;
      if (got == rv.length) {
        complete++;
      }
      if (w.failure() != null) {
        failed++;
      }
      if (w.status() != 200) {
        badStatus++;
      }
      otherEvents += w.otherEvents();
      errorEvents += w.errorEvents();
    }
    r.put("all_delivered", complete == watchers.size() && duplicates == 0 && outOfOrder == 0 && unknownRv == 0);
    r.put("watchers_complete", complete);
    r.put("events_expected", (long) watchers.size() * rv.length);
    r.put("events_delivered", (long) n);
    r.put("missing", missing);
    r.put("duplicates", duplicates);
    r.put("out_of_order", outOfOrder);
    r.put("unknown_rv", unknownRv);
    r.put("early_events", early);
    r.put("watchers_failed", failed);
    r.put("watchers_non_200", badStatus);
    r.put("other_events", otherEvents);
    r.put("error_events", errorEvents);
    long[] used = java.util.Arrays.copyOf(latencies, n);
    r.put("latency", Percentiles.ofNanos(used));
    Throwable firstFailure = watchers.stream().map(Watcher::failure).filter(t -> t != null).findFirst().orElse(null);
    if (firstFailure != null) {
      r.put("first_failure", firstFailure.toString());
    }
  }

  static java.util.concurrent.ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return run -> {
      Thread t = new Thread(run, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  static double seconds(long nanos) {
    return Math.round(nanos / 1e6) / 1000.0;
  }

  static long mb(long kb) {
    return kb < 0 ? -1 : Math.round(kb / 1024.0);
  }
}
