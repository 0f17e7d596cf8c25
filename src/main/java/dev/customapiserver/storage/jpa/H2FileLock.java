package dev.customapiserver.storage.jpa;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;

/**
 * Waits for an H2 file database that another process still has open. H2 allows one process per
 * database file and refuses a second at once ("Database may be already in use"); a server started
 * right after the previous one got SIGTERM would fail while the old one is still shutting down. So
 * the first connection is retried until the lock is free, up to {@link #MAX_WAIT}, saying once in
 * the log what it waits for; then it gives up naming the file and the likely cause.
 */
final class H2FileLock {
  /** How long a new server waits for an old one to let go of the database. */
  static final Duration MAX_WAIT = Duration.ofSeconds(90);
  private static final Duration RETRY = Duration.ofMillis(250);
  /** H2's ErrorCode.DATABASE_ALREADY_OPEN_1. */
  private static final int ALREADY_OPEN = 90020;
  private static final System.Logger LOG = System.getLogger(H2FileLock.class.getName());

  private H2FileLock() {}

  /** Returns once {@code url} (an H2 URL) can be opened; file databases only, others return at once. */
  static void await(String url, DatabaseSettings settings, Duration maxWait) {
    String lower = url.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("jdbc:h2:") || lower.startsWith("jdbc:h2:mem:") || lower.startsWith("jdbc:h2:tcp:")
        || lower.startsWith("jdbc:h2:ssl:")) {
      return;
    }
    long deadline = System.nanoTime() + maxWait.toNanos();
    boolean told = false;
    while (true) {
      try (Connection c = DriverManager.getConnection(url, settings.username(), settings.password())) {
        if (told) {
          LOG.log(System.Logger.Level.INFO, "The database lock is free; continuing");
        }
        return;
      } catch (SQLException e) {
        if (e.getErrorCode() != ALREADY_OPEN) {
          return; // not our business: the migration reports it with its own words
        }
        if (System.nanoTime() - deadline > 0) {
          throw Database.unavailable("the H2 database " + file(url) + " is still in use by another process after waiting "
              + maxWait.toSeconds() + "s (is another server running on the same --data-dir?)", e);
        }
        if (!told) {
          LOG.log(System.Logger.Level.INFO, "Waiting up to {0}s for the database lock on {1}: another process has it open "
              + "(a server on the same --data-dir that is still shutting down?)", maxWait.toSeconds(), file(url));
          told = true;
        }
      }
      try {
        Thread.sleep(RETRY.toMillis()); // H2 offers no way to wait for its file lock
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw Database.unavailable("interrupted while waiting for the database lock on " + file(url), e);
      }
    }
  }

  private static String file(String url) {
    String path = url.substring("jdbc:h2:".length());
    path = path.startsWith("file:") ? path.substring("file:".length()) : path;
    int semi = path.indexOf(';');
    return (semi < 0 ? path : path.substring(0, semi)) + ".mv.db";
  }
}
