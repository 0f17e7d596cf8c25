package dev.customapiserver.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A throwaway MariaDB server (Debian's {@code mariadb-server} binaries) under /tmp, on 127.0.0.1 and
 * a free port, without grant tables (no passwords: it lives only as long as the test run).
 * {@link #close} stops it with SIGTERM and removes its files.
 */
public final class MariaDbServer implements ThrowawayDatabase {
  public static final Path BIN = Path.of(System.getProperty("test.mariadb.bin", "/usr/sbin"));
  private static final Duration STARTUP = Duration.ofSeconds(60);

  private final Path dir;
  private final int port;
  private final Process server;
  private final AtomicInteger databases = new AtomicInteger();

  private MariaDbServer(Path dir, int port, Process server) {
    this.dir = dir;
    this.port = port;
    this.server = server;
  }

  /** Starts a server; throws with the reason (and its log) when that is not possible. */
  public static MariaDbServer start() throws IOException, InterruptedException {
    Path mariadbd = BIN.resolve("mariadbd");
    Path installDb = Path.of("/usr/bin/mariadb-install-db");
    if (!Files.isExecutable(mariadbd) || !Files.isExecutable(installDb)) {
      throw new IOException("no MariaDB server binaries (" + mariadbd + ", " + installDb + ")");
    }
    Path dir = Files.createTempDirectory(Path.of("/tmp"), "apiserver-maria-");
    Path data = dir.resolve("data");
    List<String> user = isRoot() ? List.of("--user=root") : List.of();
    List<String> install = new ArrayList<>(List.of(installDb.toString(), "--no-defaults", "--datadir=" + data,
        "--auth-root-authentication-method=normal", "--skip-test-db"));
    install.addAll(user);
    run(dir, install);
    int port = freePort();
    List<String> cmd = new ArrayList<>(List.of(mariadbd.toString(), "--no-defaults", "--datadir=" + data,
        "--port=" + port, "--bind-address=127.0.0.1", "--socket=" + dir.resolve("mysqld.sock"),
        "--pid-file=" + dir.resolve("mysqld.pid"), "--skip-grant-tables", "--skip-log-bin",
        "--innodb-buffer-pool-size=64M", "--max-connections=300", "--log-error=" + dir.resolve("error.log")));
    cmd.addAll(user);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("mariadbd.out").toFile()).start();
    MariaDbServer s = new MariaDbServer(dir, port, p);
    try {
      s.awaitReady();
      return s;
    } catch (IOException | InterruptedException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  @Override
  public String username() {
    return "root";
  }

  /** A new, empty database on this server. */
  @Override
  public String createDatabase() throws SQLException {
    String name = "apiserver_test_" + databases.incrementAndGet();
    try (Connection c = DriverManager.getConnection(url(""), "root", "")) {
      c.createStatement().execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
    }
    return url(name);
  }

  public String url(String database) {
    return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
  }

  private void awaitReady() throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(STARTUP);
    SQLException last = null;
    while (Instant.now().isBefore(deadline)) {
      try (Connection c = DriverManager.getConnection(url(""), "root", "")) {
        if (c.isValid(5)) {
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      if (server.waitFor(200, TimeUnit.MILLISECONDS)) {
        throw new IOException("mariadbd exited with " + server.exitValue() + ": " + log());
      }
    }
    throw new IOException("mariadbd not ready within " + STARTUP + ": " + last + " " + log());
  }

  private String log() throws IOException {
    StringBuilder b = new StringBuilder();
    for (String f : List.of("mariadbd.out", "error.log")) {
      Path p = dir.resolve(f);
      if (Files.exists(p)) {
        b.append(Files.readString(p));
      }
    }
    return b.toString();
  }

  @Override
  public void close() throws IOException {
    try {
      if (server.isAlive()) {
        server.destroy();
        if (!server.waitFor(30, TimeUnit.SECONDS)) {
          server.destroyForcibly().waitFor();
        }
      }
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void run(Path dir, List<String> command) throws IOException, InterruptedException {
    Path out = dir.resolve("install.log");
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(command.get(0) + " did not finish");
    }
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed (" + p.exitValue() + "): " + Files.readString(out));
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
