package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.contract.StorageFixture;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** JPA backends on one fresh database; the journal is the SQL change log read with plain JDBC. */
final class JpaFixture implements StorageFixture {
  final DatabaseSettings settings;
  private final boolean shared;
  private final List<JpaStorageBackend> opened = new ArrayList<>();

  JpaFixture(DatabaseSettings settings, boolean shared) {
    this.settings = settings;
    this.shared = shared;
  }

  @Override
  public JpaStorageBackend open() {
    return track(new JpaStorageBackend(settings));
  }

  @Override
  public StorageBackend openBookmarking() {
    return track(new JpaStorageBackend(settings, new JpaStorageBackend.Options(
        Duration.ofSeconds(1), Duration.ofMillis(1), 100_000, Duration.ofHours(1))));
  }

  @Override
  public boolean sharedByProcesses() {
    return shared;
  }

  /** A backend retaining no history compacts up to its tailer, which starts at the current revision. */
  @Override
  public long compact() {
    JpaStorageBackend.Options d = JpaStorageBackend.Options.defaults();
    return track(new JpaStorageBackend(settings, new JpaStorageBackend.Options(d.pollInterval(),
        d.bookmarkInterval(), 0, Duration.ofHours(1)))).compact();
  }

  JpaStorageBackend track(JpaStorageBackend b) {
    opened.add(b);
    return b;
  }

  @Override
  public List<Change> journal() throws SQLException {
    return changeLog().stream().map(r -> new Change(r.resourceVersion(), r.key(), r.type(), r.prevResourceVersion())).toList();
  }

  /** The change log, in resourceVersion order. */
  List<Row> changeLog() throws SQLException {
    String url = Vendor.of(settings.jdbcUrl()).prepareUrl(settings.jdbcUrl());
    try (Connection c = DriverManager.getConnection(url, settings.username(), settings.password());
        ResultSet rs = c.createStatement().executeQuery("SELECT resource_version, namespace, name, event_type, "
            + "prev_resource_version, data FROM change_log ORDER BY resource_version")) {
      List<Row> changes = new ArrayList<>();
      while (rs.next()) {
        long prevValue = rs.getLong(5);
        Long prev = rs.wasNull() ? null : prevValue;
        changes.add(new Row(rs.getLong(1), new ObjectKey(rs.getString(2), rs.getString(3)), rs.getString(4),
            prev, rs.getString(6)));
      }
      return changes;
    }
  }

  /** One change-log row. */
  record Row(long resourceVersion, ObjectKey key, String type, Long prevResourceVersion, String data) {}

  @Override
  public void close() {
    opened.forEach(JpaStorageBackend::close);
  }
}
