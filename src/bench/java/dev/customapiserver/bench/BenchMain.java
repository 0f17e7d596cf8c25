package dev.customapiserver.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The benchmark: starts the packaged WAR, runs the watch fan-out and paging phases, prints a markdown report,
 * writes JSON lines to {@code target/bench/}, and stops the server on every exit path. A watchdog kills the
 * server and exits after {@code bench.maxSeconds}.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    BenchConfig cfg = BenchConfig.fromSystemProperties();
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Files.createDirectories(cfg.outDir());
    AtomicReference<ServerUnderTest> running = new AtomicReference<>();
    Thread hook = new Thread(() -> {
      ServerUnderTest s = running.get();
      if (s != null) {
        s.killNow();
      }
    }, "bench-stop-server");
    Runtime.getRuntime().addShutdownHook(hook);
    startWatchdog(cfg.maxSeconds(), running);

    Map<String, Object> env = environment();
    Report report = new Report(cfg, env);
    System.out.println("[bench] config " + cfg.asMap() + " env " + env);
    try (ServerUnderTest server = ServerUnderTest.start(cfg.war(), cfg.outDir(), cfg.serverJvmArgs(), stamp)) {
      running.set(server);
      System.out.println("[bench] server pid " + server.pid() + " at " + server.url() + ", log " + server.log());
      Api api = new Api(server.newClient(), server.url(), server.token());
      api.createNamespace(WatchFanout.NAMESPACE);
      api.createNamespace(Paging.NAMESPACE);
      if (cfg.runs("watch")) {
        phase(report, "watch_fanout", () -> new WatchFanout(cfg, server, api).run());
      }
      if (cfg.runs("metrics")) {
        phase(report, "metrics_overhead", () -> new MetricsOverhead(cfg, api, stamp).run());
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
    } finally {
      running.set(null);
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

  private static void startWatchdog(long maxSeconds, AtomicReference<ServerUnderTest> running) {
    Thread t = new Thread(() -> {
      try {
        Thread.sleep(maxSeconds * 1000);
      } catch (InterruptedException e) {
        return;
      }
      System.err.println("[bench] watchdog: " + maxSeconds + " s exceeded, killing the server and exiting");
      ServerUnderTest s = running.get();
      if (s != null) {
        s.killNow();
      }
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
