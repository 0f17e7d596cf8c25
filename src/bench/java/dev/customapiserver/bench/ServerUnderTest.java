package dev.customapiserver.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The packaged WAR as a child process: {@code java [jvm args] -jar <war> --data-dir <dir> --secure-port 0}.
 * Ready once the kubeconfig exists and {@code /healthz} answers 200; URL, token and CA come from the kubeconfig.
 * {@link #close()} stops it (TERM, then KILL after 15 s) and deletes the data directory; the log stays.
 */
final class ServerUnderTest implements AutoCloseable {
  private static final Duration STARTUP = Duration.ofSeconds(Long.getLong("bench.startupSeconds", 120));
  private final Path dataDir;
  private final Path log;
  private final Process process;
  private URI url;
  private String token;
  private SSLContext tls;

  private ServerUnderTest(Path dataDir, Path log, Process process) {
    this.dataDir = dataDir;
    this.log = log;
    this.process = process;
  }

  static ServerUnderTest start(Path war, Path outDir, String jvmArgs, String stamp) throws Exception {
    return start(war, outDir, jvmArgs, stamp, List.of());
  }

  /** With {@code serverArgs} after the data directory and port flags. */
  static ServerUnderTest start(Path war, Path outDir, String jvmArgs, String stamp, List<String> serverArgs) throws Exception {
    Path dataDir = Files.createTempDirectory("custom-apiserver-bench-");
    Path log = outDir.resolve("server-" + stamp + ".log");
    Path cache = outDir.resolve("war-cache");
    Files.createDirectories(cache);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(Arrays.stream(jvmArgs.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList());
    cmd.addAll(List.of("-Djava.io.tmpdir=" + cache.toAbsolutePath(), "-jar", war.toAbsolutePath().toString(),
        "--data-dir", dataDir.toString(), "--secure-port", "0"));
    cmd.addAll(serverArgs);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    ServerUnderTest s = new ServerUnderTest(dataDir, log, p);
    try {
      s.awaitReady();
    } catch (Exception | Error e) {
      s.close();
      throw e;
    }
    return s;
  }

  private void awaitReady() throws Exception {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    Path kubeconfig = dataDir.resolve("kubeconfig");
    while (!Files.exists(kubeconfig) || !tryReadKubeconfig(kubeconfig) || !healthy()) {
      if (!process.isAlive()) {
        throw new IllegalStateException("server exited with " + process.exitValue() + "; log: " + log);
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("server not ready after " + STARTUP + "; log: " + log);
      }
      Thread.sleep(100);
    }
  }

  private boolean tryReadKubeconfig(Path file) {
    if (url != null) {
      return true;
    }
    try {
      JsonNode k = new YAMLMapper().readTree(file.toFile());
      JsonNode cluster = k.path("clusters").get(0).path("cluster");
      byte[] pem = Base64.getDecoder().decode(cluster.path("certificate-authority-data").asText());
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509")
          .generateCertificate(new ByteArrayInputStream(pem)));
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      token = k.path("users").get(0).path("user").path("token").asText();
      tls = ctx;
      url = URI.create(cluster.path("server").asText());
      return true;
    } catch (Exception e) { // half-written file: try again
      return false;
    }
  }

  private boolean healthy() throws InterruptedException {
    try {
      HttpResponse<Void> r = newClient().send(HttpRequest.newBuilder(url.resolve("/healthz"))
          .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
      return r.statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /** A new HTTP/1.1 client trusting the kubeconfig's CA (one connection per concurrent request). */
  HttpClient newClient() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls)
        .connectTimeout(Duration.ofSeconds(10)).build();
  }

  /** The same, delivering responses on {@code executor}. */
  HttpClient newClient(java.util.concurrent.Executor executor) {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls).executor(executor)
        .connectTimeout(Duration.ofSeconds(30)).build();
  }

  URI url() {
    return url;
  }

  String token() {
    return token;
  }

  long pid() {
    return process.pid();
  }

  Path log() {
    return log;
  }

  /** {@code VmRSS} in kB and {@code Threads} from /proc/PID/status; -1 when unavailable. */
  ProcStatus procStatus() {
    long rss = -1;
    long threads = -1;
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
        if (line.startsWith("VmRSS:")) {
          rss = Long.parseLong(line.replaceAll("\\D", ""));
        } else if (line.startsWith("Threads:")) {
          threads = Long.parseLong(line.replaceAll("\\D", ""));
        }
      }
    } catch (IOException | RuntimeException e) {
      // process gone or no /proc
    }
    return new ProcStatus(rss, threads);
  }

  record ProcStatus(long rssKb, long threads) {}

  /** Server threads by name with digits stripped (from /proc/PID/task/TID/comm, 15 characters), largest first. */
  Map<String, Long> threadNameHistogram() {
    Map<String, Long> counts = new java.util.HashMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
      tasks.forEach(t -> {
        try {
          String name = Files.readString(t.resolve("comm")).trim().replaceAll("[0-9]+", "#");
          counts.merge(name, 1L, Long::sum);
        } catch (IOException e) {
          // thread ended
        }
      });
    } catch (IOException e) {
      return Map.of();
    }
    Map<String, Long> sorted = new java.util.LinkedHashMap<>();
    counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(8)
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(15, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    deleteQuietly(dataDir);
  }

  /** For the shutdown hook and the watchdog: no waiting. */
  void killNow() {
    process.destroyForcibly();
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      // best effort
    }
  }
}
