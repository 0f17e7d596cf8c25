package dev.customapiserver.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Benchmark parameters from {@code -Dbench.*} system properties; defaults are the performance goals. */
record BenchConfig(
    Path war, Path outDir, boolean quick, int watchers, int writes, int writeConcurrency, int watchClients, int watchOpenConcurrency,
    int objects, int createConcurrency, int pageSize, long pagedListMaxSeconds, String serverJvmArgs, long maxSeconds, String phases,
    int authzSeconds, int authzRounds, int authzConcurrency, int authzBindings) {

  static BenchConfig fromSystemProperties() {
    boolean quick = Boolean.getBoolean("bench.quick");
    return new BenchConfig(
        Path.of(System.getProperty("bench.war", "target/custom-apiserver.war")),
        Path.of(System.getProperty("bench.outDir", "target/bench")),
        quick,
        intProp("bench.watchers", quick ? 100 : 1000),
        intProp("bench.writes", quick ? 100 : 1000),
        intProp("bench.writeConcurrency", 1),
        intProp("bench.watchClients", 4),
        intProp("bench.watchOpenConcurrency", 50),
        intProp("bench.objects", quick ? 2000 : 100_000),
        intProp("bench.createConcurrency", 16),
        intProp("bench.pageSize", 500),
        Long.getLong("bench.pagedListMaxSeconds", 300),
        System.getProperty("bench.serverJvmArgs", "-Xmx1g"),
        Long.getLong("bench.maxSeconds", quick ? 300 : 3600),
        System.getProperty("bench.phases", "watch,paging"),
        intProp("bench.authzSeconds", quick ? 5 : 20),
        intProp("bench.authzRounds", quick ? 2 : 3),
        intProp("bench.authzConcurrency", 4),
        intProp("bench.authzBindings", quick ? 20 : 200));
  }

  private static int intProp(String name, int def) {
    return Integer.parseInt(System.getProperty(name, Integer.toString(def)));
  }

  boolean runs(String phase) {
    return ("," + phases + ",").contains("," + phase + ",");
  }

  Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("quick", quick);
    m.put("watchers", watchers);
    m.put("writes", writes);
    m.put("writeConcurrency", writeConcurrency);
    m.put("watchClients", watchClients);
    m.put("watchOpenConcurrency", watchOpenConcurrency);
    m.put("objects", objects);
    m.put("createConcurrency", createConcurrency);
    m.put("pageSize", pageSize);
    m.put("pagedListMaxSeconds", pagedListMaxSeconds);
    m.put("serverJvmArgs", serverJvmArgs);
    m.put("phases", phases);
    if (runs("authz")) {
      m.put("authzSeconds", authzSeconds);
      m.put("authzRounds", authzRounds);
      m.put("authzConcurrency", authzConcurrency);
      m.put("authzBindings", authzBindings);
    }
    return m;
  }
}
