package dev.customapiserver.bench;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Do Events slow other writes? Foo creates per second with C clients alone, then the same with E
 * event writers creating core/v1 Events as fast as they can at the same time, then alone again (the
 * two alone runs bracket the loaded one, so table growth and JIT warm-up do not pass for the events'
 * cost). Parameters: {@code bench.eventFoos} (Foos per run; quick 1000, else 5000),
 * {@code bench.createConcurrency} (C), {@code bench.eventWriters} (E, default 8). Failed or timed-out
 * Foo creates (30 s) are counted, not retried; the rate counts every attempt.
 */
final class EventLoad {
  static final String NAMESPACE = "bench-events";
  private final BenchConfig cfg;
  private final Api api;
  private final int foos;
  private final int eventWriters;
  private final AtomicInteger fooErrors = new AtomicInteger();

  EventLoad(BenchConfig cfg, Api api) {
    this.cfg = cfg;
    this.api = api;
    this.foos = Integer.getInteger("bench.eventFoos", cfg.quick() ? 1000 : 5000);
    this.eventWriters = Integer.getInteger("bench.eventWriters", 8);
  }

  Map<String, Object> run() throws Exception {
    api.createNamespace(NAMESPACE);
    createFoos("warm", Math.min(200, foos)); // JIT and connection warm-up, not measured
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("foos_per_run", foos);
    r.put("foo_clients", cfg.createConcurrency());
    r.put("event_writers", eventWriters);

    r.put("loadavg_before_alone", BenchMain.loadAverage());
    double alone1 = createFoos("a1", foos);
    r.put("foo_creates_per_s_alone_before", Math.round(alone1));

    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong events = new AtomicLong();
    AtomicLong eventErrors = new AtomicLong();
    ExecutorService writers = Executors.newFixedThreadPool(eventWriters, WatchFanout.daemon("bench-events-"));
    List<Future<?>> running = new ArrayList<>();
    for (int w = 0; w < eventWriters; w++) {
      int writer = w;
      running.add(writers.submit(() -> {
        for (int i = 0; !stop.get(); i++) {
          try {
            createEvent("ev-" + writer + "-" + i);
            events.incrementAndGet();
          } catch (IOException e) {
            eventErrors.incrementAndGet();
          }
        }
        return null;
      }));
    }
    double loaded;
    long eventsStart = events.get();
    long t0 = System.nanoTime();
    r.put("loadavg_before_loaded", BenchMain.loadAverage());
    try {
      loaded = createFoos("b", foos);
    } finally {
      stop.set(true);
    }
    double loadedSeconds = WatchFanout.seconds(System.nanoTime() - t0);
    long eventsDuring = events.get() - eventsStart;
    for (Future<?> f : running) {
      f.get(60, TimeUnit.SECONDS);
    }
    writers.shutdownNow();
    r.put("foo_creates_per_s_with_events", Math.round(loaded));
    r.put("event_creates_per_s_meanwhile", Math.round(eventsDuring / loadedSeconds));
    r.put("event_errors", eventErrors.get());
    r.put("loadavg_after_loaded", BenchMain.loadAverage());

    double alone2 = createFoos("a2", foos);
    r.put("foo_creates_per_s_alone_after", Math.round(alone2));
    r.put("foo_create_errors_or_timeouts", fooErrors.get());
    r.put("loadavg_after", BenchMain.loadAverage());
    double alone = (alone1 + alone2) / 2;
    r.put("ratio_with_events_to_alone", Math.round(loaded / alone * 100) / 100.0);
    r.put("total_writes_per_s_with_events", Math.round(loaded + eventsDuring / loadedSeconds));
    return r;
  }

  /** {@code n} Foo creates with the configured concurrency; creates per second. */
  private double createFoos(String run, int n) throws Exception {
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(cfg.createConcurrency(), WatchFanout.daemon("bench-foo-" + run + "-"));
    long start = System.nanoTime();
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < cfg.createConcurrency(); t++) {
        fs.add(pool.submit(() -> {
          for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
            try {
              api.create(NAMESPACE, String.format("e%s-%06d", run, i), "object " + i);
            } catch (IOException e) { // a timeout (30 s) or an error answer: counted, the run goes on
              fooErrors.incrementAndGet();
            }
          }
          return null;
        }));
      }
      for (Future<?> f : fs) {
        f.get(cfg.maxSeconds(), TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    double rate = n / WatchFanout.seconds(System.nanoTime() - start);
    System.out.printf("[bench] events: foo run %s, %d creates at %.0f/s (errors so far %d)%n", run, n, rate, fooErrors.get());
    return rate;
  }

  /** A core/v1 Event as client-go's recorder writes one. */
  private void createEvent(String name) throws IOException, InterruptedException {
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    String body = "{\"apiVersion\":\"v1\",\"kind\":\"Event\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"" + NAMESPACE
        + "\"},\"involvedObject\":{\"kind\":\"Foo\",\"namespace\":\"" + NAMESPACE + "\",\"name\":\"" + name
        + "\",\"apiVersion\":\"hello.zeng.dev/v2\"},\"reason\":\"Checked\",\"message\":\"bench event " + name
        + "\",\"type\":\"Normal\",\"source\":{\"component\":\"bench\"},\"firstTimestamp\":\"" + now
        + "\",\"lastTimestamp\":\"" + now + "\",\"count\":1}";
    HttpResponse<String> r = api.send(api.request("/api/v1/namespaces/" + NAMESPACE + "/events", Duration.ofSeconds(30))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build());
    if (r.statusCode() != 201) {
      throw new IOException("create event " + name + ": HTTP " + r.statusCode() + " " + Api.abbreviate(r.body()));
    }
  }
}
