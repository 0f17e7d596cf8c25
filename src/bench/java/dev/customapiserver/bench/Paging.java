package dev.customapiserver.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * N creates with C concurrent clients, then a paged list (limit + continue) timing every page, then full lists
 * with {@code resourceVersion=0} (watch cache) and without (consistent read).
 */
final class Paging {
  static final String NAMESPACE = "bench-paging";
  private static final int FULL_LIST_REPEATS = 3;
  private static final double REPEAT_ONLY_BELOW_MS = 30_000;
  private final BenchConfig cfg;
  private final Api api;

  Paging(BenchConfig cfg, Api api) {
    this.cfg = cfg;
    this.api = api;
  }

  Map<String, Object> create() throws Exception {
    int n = cfg.objects();
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(cfg.createConcurrency(), WatchFanout.daemon("bench-create-"));
    long start = System.nanoTime();
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < cfg.createConcurrency(); t++) {
        fs.add(pool.submit(() -> {
          for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
            api.create(NAMESPACE, String.format("p-%06d", i), "object " + i);
            int d = done.incrementAndGet();
            if (d % Math.max(1, n / 10) == 0) {
              System.out.printf("[bench] paging: created %d/%d (%.0f/s)%n", d, n,
                  d / WatchFanout.seconds(System.nanoTime() - start));
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
    double secs = WatchFanout.seconds(System.nanoTime() - start);
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("objects", n);
    r.put("concurrency", cfg.createConcurrency());
    r.put("seconds", secs);
    r.put("creates_per_second", Math.round(n / secs));
    return r;
  }

  Map<String, Object> pagedList() throws Exception {
    String base = Api.foosPath(NAMESPACE) + "?limit=" + cfg.pageSize();
    List<Long> nanos = new ArrayList<>();
    long items = 0;
    String cont = null;
    int maxPages = cfg.objects() / cfg.pageSize() + 100;
    long start = System.nanoTime();
    do {
      String q = cont == null ? base : base + "&continue=" + URLEncoder.encode(cont, StandardCharsets.UTF_8);
      long t0 = System.nanoTime();
      String body = api.get(q, Duration.ofSeconds(60));
      nanos.add(System.nanoTime() - t0);
      if (nanos.size() % 20 == 0) {
        System.out.printf("[bench] paging: page %d took %.0f ms%n", nanos.size(), (System.nanoTime() - t0) / 1e6);
      }
      JsonNode page = Api.JSON.readTree(body);
      items += page.path("items").size();
      cont = page.path("metadata").path("continue").asText("");
      if (cont.isEmpty()) {
        cont = null;
      }
    } while (cont != null && nanos.size() < maxPages && System.nanoTime() - start < cfg.pagedListMaxSeconds() * 1_000_000_000L);
    boolean finished = cont == null;
    long total = System.nanoTime() - start;
    long[] p = nanos.stream().mapToLong(Long::longValue).toArray();
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("page_size", cfg.pageSize());
    r.put("pages", p.length);
    r.put("items", items);
    r.put("items_match", items == cfg.objects());
    r.put("finished", finished);
    if (!finished) {
      r.put("stopped_after_seconds", cfg.pagedListMaxSeconds());
    }
    r.put("total_seconds", WatchFanout.seconds(total));
    r.put("first_page_ms", Percentiles.ms(p[0]));
    r.put("middle_page_ms", Percentiles.ms(p[p.length / 2]));
    r.put("last_page_ms", Percentiles.ms(p[p.length - 1]));
    int k = Math.min(10, p.length);
    double first = Arrays.stream(p, 0, k).average().orElse(0);
    double last = Arrays.stream(p, p.length - k, p.length).average().orElse(0);
    r.put("first10_mean_ms", Percentiles.ms((long) first));
    r.put("last10_mean_ms", Percentiles.ms((long) last));
    r.put("slope_last10_over_first10", Math.round(last / first * 100) / 100.0);
    r.put("page_latency", Percentiles.ofNanos(p));
    r.put("page_ms_every_tenth", everyTenth(p));
    return r;
  }

  private static List<Double> everyTenth(long[] p) {
    List<Double> out = new ArrayList<>();
    int step = Math.max(1, p.length / 10);
    for (int i = 0; i < p.length; i += step) {
      out.add(Percentiles.ms(p[i]));
    }
    return out;
  }

  Map<String, Object> fullList(String resourceVersion) throws Exception {
    String q = Api.foosPath(NAMESPACE) + (resourceVersion == null ? "" : "?resourceVersion=" + resourceVersion);
    List<Double> ms = new ArrayList<>();
    long items = -1;
    long bytes = -1;
    for (int i = 0; i < FULL_LIST_REPEATS; i++) {
      long t0 = System.nanoTime();
      String body = api.get(q, Duration.ofSeconds(300));
      ms.add(Percentiles.ms(System.nanoTime() - t0));
      bytes = body.length();
      items = Api.JSON.readTree(body).path("items").size();
      if (ms.get(ms.size() - 1) > REPEAT_ONLY_BELOW_MS) {
        break; // slow enough that repeating only costs time
      }
    }
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("resourceVersion", resourceVersion == null ? "(none)" : resourceVersion);
    r.put("items", items);
    r.put("bytes", bytes);
    r.put("runs_ms", ms);
    r.put("first_ms", ms.get(0));
    r.put("best_ms", ms.stream().mapToDouble(Double::doubleValue).min().orElse(-1));
    return r;
  }
}
