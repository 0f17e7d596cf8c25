package dev.customapiserver.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The cost of the request-path metrics: the benchmark's server (metrics on) and a second one started
 * with {@code -Dcustom-apiserver.metrics=false} (no metrics filter, no storage metering; {@code /metrics}
 * stays) are measured in the same run, in alternating rounds (the order flips each round) so that
 * the machine's load falls on both alike: gets of one Foo and creates of new Foos, {@value #CLIENTS}
 * clients each. Reports the rates of both and the overhead (1 - on/off).
 */
final class MetricsOverhead {
  static final String NAMESPACE = "overhead";
  static final int CLIENTS = 4;
  private final BenchConfig cfg;
  private final Api on;
  private final String stamp;

  MetricsOverhead(BenchConfig cfg, Api on, String stamp) {
    this.cfg = cfg;
    this.on = on;
    this.stamp = stamp;
  }

  Map<String, Object> run() throws Exception {
    int rounds = Integer.getInteger("bench.overheadRounds", cfg.quick() ? 4 : 8);
    int gets = Integer.getInteger("bench.overheadGets", cfg.quick() ? 1000 : 4000);
    int creates = Integer.getInteger("bench.overheadCreates", cfg.quick() ? 200 : 600);
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("loadavg_start", BenchMain.loadAverage());
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    try (ServerUnderTest offServer = ServerUnderTest.start(cfg.war(), cfg.outDir(),
        cfg.serverJvmArgs() + " -Dcustom-apiserver.metrics=false", stamp + "-metrics-off")) {
      Api off = new Api(offServer.newClient(), offServer.url(), offServer.token());
      Api[] servers = {on, off};
      double[] getSeconds = new double[2];
      double[] createSeconds = new double[2];
      for (Api api : servers) {
        api.createNamespace(NAMESPACE);
        api.create(NAMESPACE, "read-me", "hello");
        measure(pool, api, "warm", creates / 2, gets / 2); // JIT and pools warm on both
      }
      for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < 2; k++) {
          int s = (round % 2 == 0) ? k : 1 - k;
          double[] t = measure(pool, servers[s], "r" + round, creates, gets);
          createSeconds[s] += t[0];
          getSeconds[s] += t[1];
        }
      }
      double getsOn = gets * rounds / getSeconds[0];
      double getsOff = gets * rounds / getSeconds[1];
      double createsOn = creates * rounds / createSeconds[0];
      double createsOff = creates * rounds / createSeconds[1];
      r.put("rounds", rounds);
      r.put("gets_per_round", gets);
      r.put("creates_per_round", creates);
      r.put("clients", CLIENTS);
      r.put("gets_per_s_metrics_on", round1(getsOn));
      r.put("gets_per_s_metrics_off", round1(getsOff));
      r.put("gets_overhead_pct", round1(100 * (1 - getsOn / getsOff)));
      r.put("creates_per_s_metrics_on", round1(createsOn));
      r.put("creates_per_s_metrics_off", round1(createsOff));
      r.put("creates_overhead_pct", round1(100 * (1 - createsOn / createsOff)));
    } finally {
      pool.shutdownNow();
    }
    r.put("loadavg_end", BenchMain.loadAverage());
    return r;
  }

  /** Times {@code creates} creates, then {@code gets} gets, each spread over the clients; returns seconds of both. */
  private static double[] measure(ExecutorService pool, Api api, String prefix, int creates, int gets) throws Exception {
    long t0 = System.nanoTime();
    spread(pool, creates, i -> api.create(NAMESPACE, prefix + "-" + i + "-" + System.nanoTime(), "m"));
    long t1 = System.nanoTime();
    String path = Api.foosPath(NAMESPACE) + "/read-me";
    spread(pool, gets, i -> api.get(path, Duration.ofSeconds(30)));
    long t2 = System.nanoTime();
    return new double[] {(t1 - t0) / 1e9, (t2 - t1) / 1e9};
  }

  interface Call {
    void run(int i) throws Exception;
  }

  private static void spread(ExecutorService pool, int n, Call call) throws Exception {
    List<Future<?>> done = new ArrayList<>();
    for (int c = 0; c < CLIENTS; c++) {
      int client = c;
      done.add(pool.submit(() -> {
        for (int i = client; i < n; i += CLIENTS) {
          call.run(i);
        }
        return null;
      }));
    }
    for (Future<?> f : done) {
      f.get();
    }
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
