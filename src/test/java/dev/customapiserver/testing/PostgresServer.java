package dev.customapiserver.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A throwaway PostgreSQL 15 cluster under /tmp, on 127.0.0.1 and a free port, trust auth. PostgreSQL
 * refuses to run as root, so as root it runs as the {@code postgres} user through {@code setpriv}.
 * Shared by the storage tests (through PostgresExtension) and the replica e2e tests. {@link #close} stops it with SIGINT (fast shutdown) and removes its files.
 */
public final class PostgresServer implements ThrowawayDatabase {
  public static final Path BIN = Path.of(System.getProperty("test.postgres.bin", "/usr/lib/postgresql/15/bin"));

  private final Path dir;
  private final int port;
  private final Process postmaster;
  private final AtomicInteger databases = new AtomicInteger();

  private PostgresServer(Path dir, int port, Process postmaster) {
    this.dir = dir;
    this.port = port;
    this.postmaster = postmaster;
  }

  /** Starts a cluster; throws with the reason (and the server's output) when that is not possible. */
  public static PostgresServer start() throws IOException, InterruptedException {
    return start(Ports::free);
  }

  /**
   * Starts a cluster on {@code port} (one the build reserved for a process that must know it in advance);
   * not tried again elsewhere if the port was taken meanwhile.
   */
  public static PostgresServer start(int port) throws IOException, InterruptedException {
    return start(() -> port);
  }

  /** initdb once; the postmaster on a port asked for just before it binds it, again on a new one if it was taken. */
  private static PostgresServer start(PortSource ports) throws IOException, InterruptedException {
    if (!Files.isExecutable(BIN.resolve("postgres"))) {
      throw new IOException("no PostgreSQL binaries at " + BIN);
    }
    Path dir = Files.createTempDirectory(Path.of("/tmp"), "apiserver-pg-");
    Path data = dir.resolve("data");
    Files.createDirectory(data, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    if (DatabaseProcesses.isRoot()) {
      DatabaseProcesses.run(dir, List.of("chown", "-R", "postgres:postgres", dir.toString()));
    }
    DatabaseProcesses.run(dir, asPostgres(BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres", "-A", "trust",
        "-E", "UTF8", "--no-instructions"));
    try {
      return Ports.retrying(() -> postmaster(dir, data, ports.get()));
    } catch (IOException | InterruptedException | RuntimeException e) {
      DatabaseProcesses.stopAndDelete(null, p -> { }, dir);
      throw e;
    }
  }

  private static PostgresServer postmaster(Path dir, Path data, int port) throws IOException, InterruptedException {
    Process pm = new ProcessBuilder(asPostgres(BIN.resolve("postgres").toString(), "-D", data.toString(),
        "-p", Integer.toString(port), "-k", data.toString(), "-c", "listen_addresses=127.0.0.1",
        "-c", "max_connections=200", "-c", "logging_collector=off"))
        .redirectErrorStream(true).redirectOutput(dir.resolve("postgres.log").toFile()).start();
    PostgresServer server = new PostgresServer(dir, port, pm);
    try {
      DatabaseProcesses.awaitConnectable(pm, "postgres", server.url("postgres"), "postgres", server::log);
      return server;
    } catch (IOException | InterruptedException | RuntimeException e) {
      DatabaseProcesses.stop(pm, PostgresServer::fastShutdown);
      throw e;
    }
  }

  @Override
  public String username() {
    return "postgres";
  }

  /** A new, empty database on this cluster. */
  @Override
  public String createDatabase() throws SQLException {
    String name = "apiserver_test_" + databases.incrementAndGet();
    try (Connection c = DriverManager.getConnection(url("postgres"), "postgres", "")) {
      c.createStatement().execute("CREATE DATABASE " + name);
    }
    return url(name);
  }

  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  private String log() throws IOException {
    Path log = dir.resolve("postgres.log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  @Override
  public void close() throws IOException {
    DatabaseProcesses.stopAndDelete(postmaster, PostgresServer::fastShutdown, dir);
  }

  private static void fastShutdown(Process p) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
  }

  /** Where the postmaster's port comes from. */
  @FunctionalInterface
  private interface PortSource {
    int get() throws IOException;
  }

  private static List<String> asPostgres(String... command) {
    List<String> cmd = new ArrayList<>();
    if (DatabaseProcesses.isRoot()) {
      cmd.addAll(List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"));
    }
    cmd.addAll(List.of(command));
    return cmd;
  }

}
