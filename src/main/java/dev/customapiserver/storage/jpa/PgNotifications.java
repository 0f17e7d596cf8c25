package dev.customapiserver.storage.jpa;

import java.sql.Connection;
import java.sql.DriverManager;
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

  private final String url;
  private final DatabaseSettings settings;
  private final WakeUp wake;
  private final Thread thread;
  private volatile boolean stopped;

  PgNotifications(String url, DatabaseSettings settings, WakeUp wake) {
    this.url = url;
    this.settings = settings;
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
      try (Connection c = DriverManager.getConnection(url, settings.username(), settings.password());
          Statement s = c.createStatement()) {
        s.execute("LISTEN " + CHANNEL);
        wake.signal(); // writes may have committed while we were not listening
        PGConnection pg = c.unwrap(PGConnection.class);
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
