package dev.customapiserver.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What the throwaway database servers share: ports, readiness, setup commands, stopping and cleaning up. */
final class DatabaseProcesses {
  static final Duration STARTUP = Duration.ofSeconds(60);

  private DatabaseProcesses() {}

  static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  /**
   * Waits until {@code url} accepts a connection; fails with the server's log if it exits or takes too long,
   * with {@link Ports.Taken} if it exited because its port was taken.
   */
  static void awaitConnectable(Process server, String what, String url, String user, Callable<String> log)
      throws IOException, InterruptedException {
    Instant deadline = Instant.now().plus(STARTUP);
    SQLException last = null;
    while (Instant.now().isBefore(deadline)) {
      try (Connection c = DriverManager.getConnection(url, user, "")) {
        if (c.isValid(5)) {
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      if (server.waitFor(200, TimeUnit.MILLISECONDS)) {
        String output = read(log);
        String message = what + " exited with " + server.exitValue() + ": " + output;
        throw Ports.bindFailed(output) ? new Ports.Taken(message) : new IOException(message);
      }
    }
    throw new IOException(what + " not ready within " + STARTUP + ": " + last + " " + read(log));
  }

  /** Runs a setup command to its end; fails with its output if it fails. */
  static void run(Path dir, List<String> command) throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir.getParent(), "apiserver-db-cmd", ".log");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(command.get(0) + " did not finish: " + String.join(" ", command));
      }
      if (p.exitValue() != 0) {
        throw new IOException(String.join(" ", command) + " failed (" + p.exitValue() + "): " + Files.readString(out));
      }
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /** A signal asking a server to shut down. */
  interface Shutdown {
    void request(Process p) throws IOException, InterruptedException;
  }

  /** Asks the server ({@code null}: none started) to stop, kills it after 30 s, then removes {@code dir}. */
  static void stopAndDelete(Process server, Shutdown shutdown, Path dir) throws IOException {
    stop(server, shutdown);
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** Asks the server ({@code null}: none started) to stop and kills it after 30 s. */
  static void stop(Process server, Shutdown shutdown) throws IOException {
    try {
      if (server != null && server.isAlive()) {
        shutdown.request(server);
        if (!server.waitFor(30, TimeUnit.SECONDS)) {
          server.destroyForcibly().waitFor();
        }
      }
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static String read(Callable<String> log) {
    try {
      return log.call();
    } catch (Exception e) {
      return "(log unreadable: " + e + ")";
    }
  }
}
