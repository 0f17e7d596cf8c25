package dev.customapiserver.storage.jpa;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * On PostgreSQL, wakes the tailer when any process commits a write: every write transaction sends
 * {@code NOTIFY} on {@link #CHANNEL} (delivered at commit, never for a rollback), and this thread
 * listens on a dedicated connection with {@link PGConnection#getNotifications(int)}. A lost
 * connection is re-opened after a pause; meanwhile the tailer's polling covers.
 */
final class PgNotifications implements Runnable {
  static final String CHANNEL = "custom_apiserver_changes";
  private static final Logger LOG = Logger.getLogger(PgNotifications.class.getName());
  private static final int WAIT_MILLIS = 500;

  private final ConnectionSource source;
  private final WakeUp wake;
  private final Thread thread;
  private volatile boolean stopped;

  PgNotifications(ConnectionSource source, WakeUp wake) {
    this.source = source;
    this.wake = wake;
    this.thread = new Thread(this, "pg-notifications");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  @Override
  public void run() {
    while (!stopped) {
      try (Connection c = source.open(); Statement s = c.createStatement()) {
        PGConnection pg = pgConnection(c);
        if (pg == null) {
          return;
        }
        s.execute("LISTEN " + CHANNEL);
        wake.signal(); // writes may have committed while we were not listening
        while (!stopped) {
          PGNotification[] got = pg.getNotifications(WAIT_MILLIS);
          if (got != null && got.length > 0) {
            wake.signal();
          }
        }
      } catch (SQLException e) {
        if (!stopped) {
          LOG.log(Level.WARNING, "PostgreSQL notification connection failed; reconnecting", e);
          pause();
        }
      }
    }
  }

  /**
   * The driver's own connection, or null when a container's pool hides it (its driver module
   * loads {@link PGConnection} apart from ours): then the tailer's polling alone finds writes.
   */
  private static PGConnection pgConnection(Connection c) {
    try {
      if (c.isWrapperFor(PGConnection.class)) {
        return c.unwrap(PGConnection.class);
      }
    } catch (SQLException | RuntimeException e) {
      LOG.log(Level.FINE, "no PostgreSQL connection behind the DataSource", e);
    }
    LOG.log(Level.INFO, "The DataSource does not expose PostgreSQL notifications; watches poll the change log");
    return null;
  }

  private void pause() {
    try {
      Thread.sleep(1000); // back-off before reconnecting, not synchronisation
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped = true;
    }
  }

  void stop() {
    stopped = true;
    thread.interrupt();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
