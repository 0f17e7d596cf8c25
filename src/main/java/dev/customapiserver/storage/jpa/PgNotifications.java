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
 * listens on a dedicated connection with {@link PGConnection#getNotifications(int)}. Each process
 * sends its own instance id as the payload and ignores its own notifications. A lost
 * connection is re-opened after a pause; meanwhile the tailer's polling covers.
 */
final class PgNotifications implements Runnable {
  static final String CHANNEL = "custom_apiserver_changes";
  private static final Logger LOG = Logger.getLogger(PgNotifications.class.getName());
  private static final int WAIT_MILLIS = 500;

  private final ConnectionSource source;
  private final WakeUp wake;
  /** The payload of this process's own notifications, which need no database read. */
  private final String instance;
  private final Thread thread;
  private volatile boolean stopped;

  PgNotifications(ConnectionSource source, WakeUp wake, String instance) {
    this.source = source;
    this.wake = wake;
    this.instance = instance;
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
        wake.signalDatabase(); // writes may have committed while we were not listening
        while (!stopped) {
          PGNotification[] got = pg.getNotifications(WAIT_MILLIS);
          if (got != null && fromOthers(got)) {
            wake.signalDatabase();
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
   * Whether a notification came from another process (or from a server that sends no payload): this
   * process's own writes reach the tailer without the database ({@link CommittedChanges}).
   */
  private boolean fromOthers(PGNotification[] got) {
    for (PGNotification n : got) {
      if (!instance.equals(n.getParameter())) {
        return true;
      }
    }
    return false;
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
