package dev.customapiserver.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The benchmark: starts the packaged WAR, runs the authorization cost, watch fan-out and paging phases (those
 * {@code bench.phases} names), prints a markdown report,
 * writes JSON lines to {@code target/bench/}, and stops the server on every exit path. A watchdog kills the
 * server and exits after {@code bench.maxSeconds}.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    BenchConfig cfg = BenchConfig.fromSystemProperties();
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Files.createDirectories(cfg.outDir());
    List<ServerUnderTest> running = new CopyOnWriteArrayList<>();
    Thread hook = new Thread(() -> running.forEach(ServerUnderTest::killNow), "bench-stop-server");
    Runtime.getRuntime().addShutdownHook(hook);
    startWatchdog(cfg.maxSeconds(), running);

    Map<String, Object> env = environment();
    Report report = new Report(cfg, env);
    System.out.println("[bench] config " + cfg.asMap() + " env " + env);
    try {
      if (cfg.runs("authz")) {
        phase(report, "authz_get_cost", () -> new AuthzCost(cfg, stamp, running::add).run());
      }
      if (cfg.runs("watch") || cfg.runs("paging")) {
        watchAndPaging(cfg, stamp, report, running);
      }
      if (cfg.runs("metrics")) {
        try (ServerUnderTest server = ServerUnderTest.start(cfg.war(), cfg.outDir(), cfg.serverJvmArgs(), stamp + "-metrics-on")) {
          running.add(server);
          Api api = new Api(server.newClient(), server.url(), server.token());
          phase(report, "metrics_overhead", () -> new MetricsOverhead(cfg, api, stamp).run());
        }
      }
    } finally {
      running.clear();
      env.put("loadavg_end", loadAverage());
      Path jsonl = cfg.outDir().resolve("results-" + stamp + ".jsonl");
      report.writeJsonLines(jsonl);
      String md = report.markdown();
      Files.writeString(cfg.outDir().resolve("report-" + stamp + ".md"), md);
      System.out.println();
      System.out.println(md);
      System.out.println("[bench] wrote " + jsonl);
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // already shutting down
      }
    }
  }

  /** The watch fan-out and paging phases, on one server. */
  private static void watchAndPaging(BenchConfig cfg, String stamp, Report report, List<ServerUnderTest> running)
      throws Exception {
    try (ServerUnderTest server = ServerUnderTest.start(cfg.war(), cfg.outDir(), cfg.serverJvmArgs(), stamp)) {
      running.add(server);
      System.out.println("[bench] server pid " + server.pid() + " at " + server.url() + ", log " + server.log());
      Api api = new Api(server.newClient(), server.url(), server.token());
      api.createNamespace(WatchFanout.NAMESPACE);
      api.createNamespace(Paging.NAMESPACE);
      if (cfg.runs("watch")) {
        phase(report, "watch_fanout", () -> new WatchFanout(cfg, server, api).run());
      }
      if (cfg.runs("events")) {
        phase(report, "events_vs_writes", () -> new EventLoad(cfg, api).run());
      }
      if (cfg.runs("paging")) {
        Paging paging = new Paging(cfg, api);
        phase(report, "create", paging::create);
        phase(report, "list_paged", paging::pagedList);
        phase(report, "list_full_rv0", () -> paging.fullList("0"));
        phase(report, "list_full_consistent", () -> paging.fullList(null));
        ServerUnderTest.ProcStatus s = server.procStatus();
        Map<String, Object> end = new LinkedHashMap<>();
        end.put("server_rss_mb", WatchFanout.mb(s.rssKb()));
        end.put("server_threads", s.threads());
        report.add("server_at_end", end);
      }
    }
  }

  interface Phase {
    Map<String, Object> run() throws Exception;
  }

  /** Runs one phase; a failure is reported as the phase's result and the next phase still runs. */
  private static void phase(Report report, String name, Phase phase) {
    System.out.println("[bench] phase " + name);
    try {
      report.add(name, phase.run());
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      System.out.println("[bench] phase " + name + " failed: " + e);
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("failed", e.toString());
      report.add(name, r);
    }
  }

  private static void startWatchdog(long maxSeconds, List<ServerUnderTest> running) {
    Thread t = new Thread(() -> {
      try {
        Thread.sleep(maxSeconds * 1000);
      } catch (InterruptedException e) {
        return;
      }
      System.err.println("[bench] watchdog: " + maxSeconds + " s exceeded, killing the server and exiting");
      running.forEach(ServerUnderTest::killNow);
      Runtime.getRuntime().halt(3);
    }, "bench-watchdog");
    t.setDaemon(true);
    t.start();
  }

  private static Map<String, Object> environment() {
    Map<String, Object> env = new LinkedHashMap<>();
    env.put("cpus", Runtime.getRuntime().availableProcessors());
    env.put("java", System.getProperty("java.version"));
    env.put("loadavg_start", loadAverage());
    return env;
  }

  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (Exception e) {
      return "n/a";
    }
  }
}
