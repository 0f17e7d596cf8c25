package dev.customapiserver.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Throwaway etcd members (Debian's {@code etcd-server}, {@code /usr/bin/etcd}) on 127.0.0.1 and
 * free ports, data under /tmp: one member or a cluster. Members can be killed with SIGKILL and
 * started again on their data. {@link #close} kills them all and removes the files.
 */
public final class EtcdCluster implements AutoCloseable {
  public static final Path BIN = Path.of(System.getProperty("test.etcd.bin", "/usr/bin/etcd"));

  /** Objects up to this size are accepted (etcd's default is 1.5 MiB; the contract writes 3 MiB). */
  public static final int MAX_REQUEST_BYTES = 8 << 20;

  private final Path dir;
  private final int[] clientPorts;
  private final int[] peerPorts;
  private final Process[] members;

  private EtcdCluster(Path dir, int size) throws IOException {
    this.dir = dir;
    this.clientPorts = new int[size];
    this.peerPorts = new int[size];
    this.members = new Process[size];
    for (int i = 0; i < size; i++) {
      clientPorts[i] = Ports.free();
      peerPorts[i] = Ports.free();
    }
  }

  /**
   * Starts {@code size} members and waits until each answers healthy; throws with the reason (and logs) if not.
   * A cluster one of whose ports was taken before its member bound it is started anew on new ports.
   */
  public static EtcdCluster start(int size) throws IOException, InterruptedException {
    if (!Files.isExecutable(BIN)) {
      throw new IOException("no etcd binary at " + BIN + " (Debian package etcd-server)");
    }
    return Ports.retrying(() -> startOnce(size));
  }

  private static EtcdCluster startOnce(int size) throws IOException, InterruptedException {
    EtcdCluster c = new EtcdCluster(Files.createTempDirectory(Path.of("/tmp"), "apiserver-etcd-"), size);
    try {
      for (int i = 0; i < size; i++) {
        c.launch(i, "new");
      }
      for (int i = 0; i < size; i++) {
        c.awaitHealthy(i);
      }
      return c;
    } catch (IOException | InterruptedException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  private void launch(int i, String state) throws IOException {
    String initial = IntStream.range(0, members.length).mapToObj(j -> name(j) + "=" + peer(j))
        .collect(Collectors.joining(","));
    members[i] = new ProcessBuilder(BIN.toString(), "--name", name(i), "--data-dir", dir.resolve(name(i)).toString(),
        "--listen-client-urls", client(i), "--advertise-client-urls", client(i),
        "--listen-peer-urls", peer(i), "--initial-advertise-peer-urls", peer(i),
        "--initial-cluster", initial, "--initial-cluster-state", state, "--initial-cluster-token", dir.getFileName().toString(),
        "--heartbeat-interval", "50", "--election-timeout", "500", "--log-level", "warn",
        "--max-request-bytes", Integer.toString(MAX_REQUEST_BYTES))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(name(i) + ".log").toFile()))
        .start();
  }

  private static String name(int i) {
    return "m" + i;
  }

  private String peer(int i) {
    return "http://127.0.0.1:" + peerPorts[i];
  }

  private String client(int i) {
    return "http://127.0.0.1:" + clientPorts[i];
  }

  /** The client URLs of every member. */
  public List<String> endpoints() {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < members.length; i++) {
      urls.add(client(i));
    }
    return urls;
  }

  /** Kills member {@code i} with SIGKILL (no shutdown at all) and waits for it to be gone. */
  public void kill(int i) throws InterruptedException {
    members[i].destroyForcibly().waitFor();
  }

  /** Starts member {@code i} again on its data and waits until it is healthy. */
  public void restart(int i) throws IOException, InterruptedException {
    launch(i, "existing");
    awaitHealthy(i);
  }

  /** The index of the member that is the Raft leader now, from each member's /metrics. */
  public int leader() throws IOException, InterruptedException {
    for (int i = 0; i < members.length; i++) {
      if (members[i].isAlive() && get(i, "/metrics").lines().anyMatch(l -> l.equals("etcd_server_is_leader 1"))) {
        return i;
      }
    }
    throw new IOException("no leader");
  }

  private void awaitHealthy(int i) throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
    String last = "";
    while (Instant.now().isBefore(deadline)) {
      try {
        last = get(i, "/health");
        if (last.contains("\"health\":\"true\"")) {
          return;
        }
      } catch (IOException e) {
        last = e.toString();
      }
      if (members[i].waitFor(100, TimeUnit.MILLISECONDS)) {
        String log = log(i);
        String message = "etcd " + name(i) + " exited with " + members[i].exitValue() + ": " + log;
        throw Ports.bindFailed(log) ? new Ports.Taken(message) : new IOException(message);
      }
    }
    throw new IOException("etcd " + name(i) + " not healthy within 60 s: " + last + " " + log(i));
  }

  private String get(int i, String path) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    return http.send(HttpRequest.newBuilder(URI.create(client(i) + path)).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }

  private String log(int i) throws IOException {
    Path log = dir.resolve(name(i) + ".log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  @Override
  public void close() throws IOException {
    for (Process p : members) {
      if (p != null) {
        p.destroyForcibly();
        try {
          p.waitFor();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
    try (var files = Files.walk(dir)) {
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
