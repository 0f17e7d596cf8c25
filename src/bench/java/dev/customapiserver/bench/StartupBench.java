package dev.customapiserver.bench;

import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Start-up of the embedded server ({@code ApiServerBuilder.create().start()}, memory storage) to ready
 * ({@code /readyz} answers 200 to the admin over HTTPS), repeated in one JVM: the first server (class
 * loading, JIT) and the later ones, wall time and process CPU time; then the heap and RSS that each
 * of several servers held open at once costs. Run by {@code src/bench/startup.sh} in a fresh JVM.
 * Parameters: {@code -Dstartup.runs} (10 starts), {@code -Dstartup.held} (5 servers open at once).
 */
public final class StartupBench {
  private StartupBench() {}

  public static void main(String[] args) throws Exception {
    int runs = Integer.getInteger("startup.runs", 10);
    int held = Integer.getInteger("startup.held", 5);
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    String loadBefore = load();
    List<long[]> starts = new ArrayList<>(); // {wall ms, process CPU ms}
    for (int i = 0; i < runs; i++) {
      long wall = System.nanoTime();
      long cpu = os.getProcessCpuTime();
      try (RunningApiServer server = ApiServerBuilder.create().start()) {
        awaitReady(server);
        starts.add(new long[] {(System.nanoTime() - wall) / 1_000_000, (os.getProcessCpuTime() - cpu) / 1_000_000});
      }
      System.out.printf("[startup] server %d: %d ms wall, %d ms process CPU%n", i + 1, starts.get(i)[0], starts.get(i)[1]);
    }

    long heap0 = usedHeapAfterGc();
    long rss0 = rssKb();
    List<RunningApiServer> open = new ArrayList<>();
    try {
      for (int i = 0; i < held; i++) {
        RunningApiServer s = ApiServerBuilder.create().start();
        open.add(s);
        awaitReady(s);
      }
      long heapPer = (usedHeapAfterGc() - heap0) / held;
      long rssPer = (rssKb() - rss0) * 1024 / held;
      String loadAfter = load();
      List<long[]> later = starts.subList(1, starts.size());
      System.out.println();
      System.out.println("| embedded server (memory storage), to /readyz 200 | wall ms | process CPU ms |");
      System.out.println("|---|---|---|");
      System.out.printf("| first server in the JVM | %d | %d |%n", starts.get(0)[0], starts.get(0)[1]);
      if (!later.isEmpty()) {
        System.out.printf("| later servers (%d): min / median / max | %s | %s |%n", later.size(), spread(later, 0), spread(later, 1));
      }
      System.out.printf("| per server held open (%d at once): heap after GC / RSS | %.1f MiB | %.1f MiB |%n",
          held, heapPer / 1048576.0, rssPer / 1048576.0);
      System.out.printf("%nload average before: %s; after: %s; %d cores, Java %s%n", loadBefore, loadAfter,
          Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
    } finally {
      open.forEach(RunningApiServer::close);
    }
  }

  /** The 1, 5 and 15 minute load averages. */
  private static String load() {
    String[] f = BenchMain.loadAverage().split(" ");
    return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : String.join(" ", f);
  }

  private static String spread(List<long[]> values, int column) {
    long[] v = values.stream().mapToLong(a -> a[column]).sorted().toArray();
    return v[0] + " / " + v[v.length / 2] + " / " + v[v.length - 1];
  }

  /** Polls /readyz as the admin, trusting the server's CA, until 200 (bounded: 120 s). */
  private static void awaitReady(RunningApiServer server) throws Exception {
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream in = Files.newInputStream(server.caCertificate())) {
      trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, tmf.getTrustManagers(), null);
    HttpClient http = HttpClient.newBuilder().sslContext(tls).build();
    HttpRequest ready = HttpRequest.newBuilder(server.url().resolve("/readyz")).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + server.adminToken()).build();
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("not ready within 120 s: " + server.url());
      }
      Thread.sleep(5);
    }
  }

  private static long usedHeapAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long rssKb() throws Exception {
    for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (l.startsWith("VmRSS:")) {
        return Long.parseLong(l.replaceAll("\\D", ""));
      }
    }
    return 0;
  }
}
