package dev.customapiserver.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The packaged server as a separate process: {@code java -jar <war> --data-dir <dir> --secure-port 0
 * [extra flags]}. {@link #start} returns once the kubeconfig has been written and {@code /healthz}
 * answers 200 over HTTPS (polling against a deadline: readiness, not timing). Exposes the URL,
 * token, CA and kubeconfig from the kubeconfig the server wrote; {@link #kill()} sends SIGKILL and
 * {@link #restart()} starts again on the same data directory. The WAR is {@code -Dapiserver.war}.
 */
public final class ServerProcess implements AutoCloseable {
  private static final Pattern PLAIN_URL = Pattern.compile("Serving https://\\S+ and (http://\\S+?:\\d+)");
  private static final Duration STARTUP_DEADLINE = Duration.ofSeconds(240); // a bound on a loaded machine, not a timing
  private final Path war;
  private final Path dataDir;
  private final List<String> extraArgs;
  private final Path log;
  private Process process;
  private URI url;
  private String token;
  private X509Certificate ca;
  private HttpClient client;

  private ServerProcess(Path war, Path dataDir, List<String> extraArgs) {
    this.war = war;
    this.dataDir = dataDir.toAbsolutePath();
    this.extraArgs = List.copyOf(extraArgs);
    this.log = this.dataDir.resolveSibling(this.dataDir.getFileName() + ".log");
  }

  /** Starts the WAR named by the {@code apiserver.war} system property. */
  public static ServerProcess start(Path dataDir, String... extraArgs) throws IOException, InterruptedException {
    return start(Path.of(System.getProperty("apiserver.war", "target/custom-apiserver.war")), dataDir, extraArgs);
  }

  public static ServerProcess start(Path war, Path dataDir, String... extraArgs) throws IOException, InterruptedException {
    ServerProcess p = new ServerProcess(war, dataDir, List.of(extraArgs));
    p.launch();
    return p;
  }

  /** Runs {@code java -jar <war> args} to completion (e.g. a bad command line); returns exit code and output. */
  public static Finished run(Path war, Path workDir, String... args) throws IOException, InterruptedException {
    Path out = workDir.resolve("run.log");
    Process p = new ProcessBuilder(command(war, List.of(args))).directory(workDir.toFile())
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!p.waitFor(STARTUP_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("java -jar did not finish; output:\n" + Files.readString(out));
    }
    return new Finished(p.exitValue(), Files.readString(out));
  }

  /** How a finished process ended. */
  public record Finished(int exitCode, String output) {}

  private static List<String> command(Path war, List<String> args) throws IOException {
    Path cache = war.toAbsolutePath().resolveSibling("it-war-cache"); // reused across runs, not in /tmp
    Files.createDirectories(cache);
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + cache, "-jar", war.toAbsolutePath().toString()));
    cmd.addAll(args);
    return cmd;
  }

  private void launch() throws IOException, InterruptedException {
    Path kubeconfig = kubeconfig();
    Files.deleteIfExists(kubeconfig); // the server rewrites it with the new port once listening
    List<String> args = new ArrayList<>(List.of("--data-dir", dataDir.toString(), "--secure-port", "0"));
    args.addAll(extraArgs);
    Files.createDirectories(dataDir.getParent());
    process = new ProcessBuilder(command(war, args)).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    Instant deadline = Instant.now().plus(STARTUP_DEADLINE);
    while (!Files.exists(kubeconfig)) {
      awaitAlive(deadline, "the kubeconfig to be written");
    }
    readKubeconfig(kubeconfig);
    while (!healthy()) {
      awaitAlive(deadline, "/healthz to answer 200");
    }
  }

  private void awaitAlive(Instant deadline, String what) throws IOException, InterruptedException {
    if (!process.isAlive()) {
      throw new IllegalStateException("the server exited with " + process.exitValue() + " while waiting for " + what
          + "; log " + log + ":\n" + Files.readString(log));
    }
    if (Instant.now().isAfter(deadline)) {
      kill();
      throw new IllegalStateException("gave up waiting for " + what + " after " + STARTUP_DEADLINE + "; log:\n" + Files.readString(log));
    }
    Thread.sleep(50); // polling for readiness against the deadline above
  }

  private boolean healthy() throws InterruptedException {
    try {
      return get("/healthz", null).statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  private void readKubeconfig(Path file) throws IOException {
    JsonNode k = new YAMLMapper().readTree(file.toFile());
    JsonNode cluster = k.path("clusters").get(0).path("cluster");
    url = URI.create(cluster.path("server").asText());
    token = k.path("users").get(0).path("user").path("token").asText();
    try {
      byte[] pem = Base64.getDecoder().decode(cluster.path("certificate-authority-data").asText());
      ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem));
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      trust.setCertificateEntry("ca", ca);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(null, tmf.getTrustManagers(), null);
      client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the kubeconfig's CA is unusable", e);
    }
  }

  /** GET {@code path} over HTTPS, verifying the server against the kubeconfig's CA; {@code bearer} may be null. */
  public HttpResponse<String> get(String path, String bearer) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(url.resolve(path)).timeout(Duration.ofSeconds(30));
    if (bearer != null) {
      b.header("Authorization", "Bearer " + bearer);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  /** A request as the admin over HTTPS; {@code body} may be null, sent as {@code contentType}. */
  public HttpResponse<String> send(String method, String path, String body, String contentType)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(url.resolve(path)).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + token)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", contentType);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  /** A streaming GET as the admin (a watch): returns once the status line and headers have arrived. */
  public HttpResponse<java.io.InputStream> stream(String path) throws IOException, InterruptedException {
    HttpRequest r = HttpRequest.newBuilder(url.resolve(path)).header("Authorization", "Bearer " + token).GET().build();
    return client.send(r, HttpResponse.BodyHandlers.ofInputStream());
  }

  /** The HTTPS base URL with the actual port. */
  public URI url() {
    return url;
  }

  /**
   * The plain HTTP base URL with the actual port (started with {@code --port 0}), as this run's start-up line
   * says: {@code Serving https://... and http://127.0.0.1:PORT.}
   */
  public URI plainUrl() throws IOException {
    Matcher m = PLAIN_URL.matcher(log());
    URI last = null;
    while (m.find()) {
      last = URI.create(m.group(1));
    }
    if (last == null) {
      throw new IllegalStateException("the server did not say where it serves plain HTTP; log:\n" + log());
    }
    return last;
  }

  /** The admin token from the kubeconfig. */
  public String token() {
    return token;
  }

  /** The CA the kubeconfig trusts. */
  public X509Certificate caCertificate() {
    return ca;
  }

  public Path kubeconfig() {
    return dataDir.resolve("kubeconfig");
  }

  public Path dataDir() {
    return dataDir;
  }

  /** The process's combined stdout and stderr (all runs on this data directory). */
  public String log() throws IOException {
    return Files.readString(log);
  }

  public long pid() {
    return process.pid();
  }

  /** SIGKILL, no shutdown hooks: a crash. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  /** SIGTERM without waiting: the server begins its graceful shutdown. */
  public void terminate() {
    process.destroy();
  }

  /** Waits for the process to exit; returns its exit code. */
  public int awaitExit(Duration max) throws InterruptedException {
    if (!process.waitFor(max.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("the server did not exit within " + max);
    }
    return process.exitValue();
  }

  /** Kills the process if alive and starts it again on the same data directory and flags. */
  public void restart() throws IOException, InterruptedException {
    if (process.isAlive()) {
      kill();
    }
    launch();
  }

  /** SIGTERM (graceful stop), then SIGKILL if it does not exit within 15 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        kill();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
