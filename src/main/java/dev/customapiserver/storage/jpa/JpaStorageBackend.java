package dev.customapiserver.storage.jpa;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.api.FlywayException;

/**
 * Storage in one relational database (H2, PostgreSQL or MariaDB) through JPA. Opening migrates the
 * schema with Flyway; every resource shares the tables {@code stored_objects} (current state),
 * {@code change_log} (one row per write) and the revision counter {@code storage_revision}.
 * Several server processes may share one PostgreSQL or MariaDB database.
 */
public final class JpaStorageBackend implements StorageBackend {
  private final Vendor vendor;
  private final Database db;
  private final Revisions revisions;
  private final WakeUp wake = new WakeUp();
  private final CommittedChanges committed = new CommittedChanges(wake);
  private final String instance = UUID.randomUUID().toString();
  private final Compactor compactor;
  private final ChangeTailer tailer;
  private final PgNotifications notifications;
  /** No other process writes to this database (an embedded H2 file): {@link #localRevision} is known. */
  private final boolean exclusive;

  /**
   * Watch and history settings.
   *
   * @param pollInterval how often the change-log tailer looks for writes nobody told it about (the
   *     fallback for databases without notifications, and for lost ones)
   * @param bookmarkInterval how often watches that asked for bookmarks get one
   * @param retainedRevisions how many of the newest revisions the change log keeps whole; older
   *     history is compacted (watches and continue tokens from before it get EXPIRED)
   * @param compactionInterval how often compaction runs
   */
  public record Options(Duration pollInterval, Duration bookmarkInterval, long retainedRevisions,
      Duration compactionInterval) {
    public Options {
      Objects.requireNonNull(pollInterval);
      Objects.requireNonNull(bookmarkInterval);
      Objects.requireNonNull(compactionInterval);
      if (retainedRevisions < 0 || pollInterval.toMillis() < 1) {
        throw new IllegalArgumentException("retainedRevisions >= 0 and pollInterval >= 1 ms required");
      }
    }

    /** Poll every second, bookmark every minute, keep 100,000 revisions, compact every 5 minutes. */
    public static Options defaults() {
      return new Options(Duration.ofSeconds(1), Duration.ofMinutes(1), 100_000, Duration.ofMinutes(5));
    }
  }

  /** Opens the database with {@link Options#defaults()}; see {@link #JpaStorageBackend(DatabaseSettings, Options)}. */
  public JpaStorageBackend(DatabaseSettings settings) {
    this(settings, Options.defaults());
  }

  /**
   * Opens the database, migrates its schema and starts tailing the change log for watches.
   *
   * @throws StorageException UNAVAILABLE when the database cannot be reached or migrated
   * @throws IllegalArgumentException for a JDBC URL of an unsupported database
   */
  public JpaStorageBackend(DatabaseSettings settings, Options options) {
    this(Vendor.of(settings.jdbcUrl()), settings, options);
  }

  private JpaStorageBackend(Vendor vendor, DatabaseSettings settings, Options options) {
    this(vendor, ConnectionSource.of(vendor.prepareUrl(settings.jdbcUrl()), settings), options);
  }

  /**
   * Opens a container-managed DataSource (its pool, driver and credentials are the container's),
   * migrates its schema and starts tailing the change log. The vendor is read from the database.
   *
   * @param name how to name the DataSource in messages (its JNDI name)
   * @throws StorageException UNAVAILABLE when no connection can be had or the schema not migrated
   * @throws IllegalArgumentException for a database product we do not support
   */
  public JpaStorageBackend(DataSource dataSource, String name, Options options) {
    this(vendorOf(dataSource, name), ConnectionSource.of(dataSource, "DataSource " + name), options);
  }

  private static Vendor vendorOf(DataSource dataSource, String name) {
    try {
      return ConnectionSource.vendorOf(dataSource);
    } catch (SQLException e) {
      throw Database.unavailable("cannot connect to DataSource " + name + ": " + e.getMessage(), e);
    }
  }

  private JpaStorageBackend(Vendor vendor, ConnectionSource source, Options options) {
    this.vendor = vendor;
    this.revisions = new Revisions(vendor);
    this.exclusive = exclusive(vendor, source.url());
    if (source.url() != null) {
      // a server on the same files may still be shutting down
      H2FileLock.await(source.url(), source.settings(), H2FileLock.MAX_WAIT);
    }
    try {
      new SchemaMigrator(vendor).migrate(source);
    } catch (FlywayException e) {
      throw Database.unavailable("cannot migrate the schema of " + source + ": " + e.getMessage(), e);
    }
    this.db = new Database(source, vendor, revisions, committed::committed, instance);
    long start;
    try {
      start = currentRevision();
    } catch (StorageException e) {
      db.close();
      throw e;
    }
    committed.startAt(start);
    this.compactor = new Compactor(db, revisions, options.retainedRevisions());
    this.tailer = new ChangeTailer(db, revisions, vendor, options, wake, compactor, committed, start);
    this.notifications = vendor == Vendor.POSTGRESQL ? new PgNotifications(source, wake, instance) : null;
    tailer.start();
    if (notifications != null) {
      notifications.start();
    }
  }

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return new JpaResourceStore<>(db, revisions, resource, codec,
        new ObjectLister<>(db, revisions, vendor, codec), tailer, wake);
  }

  @Override
  public long currentRevision() {
    return db.read(null, revisions::current);
  }

  /** Known for an embedded H2 file (locked to this process); -1 for databases other processes may write. */
  @Override
  public long localRevision(GroupResource resource) {
    return exclusive ? committed.revision(Location.Of.of(resource)) : -1;
  }

  /**
   * Whether only this process can write: an H2 file opened by URL (H2 locks the file to one
   * process), not an H2 server ({@code tcp:}, {@code ssl:}), a shared in-memory database, one with
   * {@code AUTO_SERVER} (other processes write through this one) or {@code FILE_LOCK=NO}, nor a
   * container's DataSource.
   */
  private static boolean exclusive(Vendor vendor, String url) {
    if (vendor != Vendor.H2 || url == null) {
      return false;
    }
    String u = url.toUpperCase(Locale.ROOT).replace(" ", "");
    return !(u.startsWith("JDBC:H2:TCP:") || u.startsWith("JDBC:H2:SSL:") || u.startsWith("JDBC:H2:MEM:")
        || u.contains(";AUTO_SERVER=TRUE") || u.contains(";FILE_LOCK=NO"));
  }

  @Override
  public boolean healthy() {
    try {
      currentRevision();
      return true;
    } catch (StorageException e) {
      return false;
    }
  }

  /** Compacts the change log now, as far as the retention allows; returns the compacted revision. */
  long compact() {
    return compactor.compact(tailer.last());
  }

  /** Stops watching (every watch ends with UNAVAILABLE) and closes the database. */
  @Override
  public void close() {
    if (notifications != null) {
      notifications.stop();
    }
    tailer.stop();
    db.close();
  }
}
