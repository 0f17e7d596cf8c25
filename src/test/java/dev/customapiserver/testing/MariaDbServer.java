package dev.customapiserver.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A throwaway MariaDB server (Debian's {@code mariadb-server} binaries) under /tmp, on 127.0.0.1 and
 * a free port, without grant tables (no passwords: it lives only as long as the test run).
 * {@link #close} stops it with SIGTERM and removes its files.
 */
public final class MariaDbServer implements ThrowawayDatabase {
  public static final Path BIN = Path.of(System.getProperty("test.mariadb.bin", "/usr/sbin"));

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
    List<String> user = DatabaseProcesses.isRoot() ? List.of("--user=root") : List.of();
    List<String> install = new ArrayList<>(List.of(installDb.toString(), "--no-defaults", "--datadir=" + data,
        "--auth-root-authentication-method=normal", "--skip-test-db"));
    install.addAll(user);
    DatabaseProcesses.run(dir, install);
    try {
      return Ports.retrying(() -> mariadbd(dir, data, user, Ports.free()));
    } catch (IOException | InterruptedException | RuntimeException e) {
      DatabaseProcesses.stopAndDelete(null, Process::destroy, dir);
      throw e;
    }
  }

  private static MariaDbServer mariadbd(Path dir, Path data, List<String> user, int port) throws IOException, InterruptedException {
    Files.deleteIfExists(dir.resolve("error.log")); // a failed attempt's log must not fail the next one
    List<String> cmd = new ArrayList<>(List.of(BIN.resolve("mariadbd").toString(), "--no-defaults", "--datadir=" + data,
        "--port=" + port, "--bind-address=127.0.0.1", "--socket=" + dir.resolve("mysqld.sock"),
        "--pid-file=" + dir.resolve("mysqld.pid"), "--skip-grant-tables", "--skip-log-bin",
        "--innodb-buffer-pool-size=64M", "--max-connections=300", "--log-error=" + dir.resolve("error.log")));
    cmd.addAll(user);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("mariadbd.out").toFile()).start();
    MariaDbServer s = new MariaDbServer(dir, port, p);
    try {
      DatabaseProcesses.awaitConnectable(p, "mariadbd", s.url(""), "root", s::log);
      return s;
    } catch (IOException | InterruptedException | RuntimeException e) {
      DatabaseProcesses.stop(p, Process::destroy);
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
    DatabaseProcesses.stopAndDelete(server, Process::destroy, dir);
  }

}
