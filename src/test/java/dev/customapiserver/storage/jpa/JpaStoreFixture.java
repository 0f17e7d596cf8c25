package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Opens a backend on the fresh database a {@link DatabaseSettings} parameter resolver supplies
 * (H2 or PostgreSQL, chosen by the concrete test class) and closes everything it opened afterwards.
 */
abstract class JpaStoreFixture {
  final StorageCodec<Widget> codec = Widget.codec();
  DatabaseSettings settings;
  JpaStorageBackend backend;
  ResourceStore<Widget> store;
  private final List<JpaStorageBackend> opened = new ArrayList<>();

  @BeforeEach
  void openDatabase(DatabaseSettings settings) {
    this.settings = settings;
    this.backend = open();
    this.store = underTest(backend).forResource(Widget.RESOURCE, codec);
  }

  /** The backend whose stores are tested: the JPA backend itself, or a decorator of it. */
  StorageBackend underTest(JpaStorageBackend jpa) {
    return jpa;
  }

  @AfterEach
  void closeDatabases() {
    opened.forEach(JpaStorageBackend::close);
  }

  /** Another backend on the same database (as a second server process would have). */
  JpaStorageBackend open() {
    JpaStorageBackend b = new JpaStorageBackend(settings);
    opened.add(b);
    return b;
  }

  /** Closes {@code b} after the test. */
  void track(JpaStorageBackend b) {
    opened.add(b);
  }

  Widget create(String namespace, String name) {
    return store.create(new ObjectKey(namespace, name), Widget.named(namespace, name));
  }

  static long rv(Widget w) {
    return Long.parseLong(w.metadata().resourceVersion);
  }

  static void assertFails(StorageException.Reason reason, ThrowingCallable call) {
    assertThatExceptionOfType(StorageException.class).isThrownBy(call)
        .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.reason()).isEqualTo(reason));
  }

  /** The change log, in resourceVersion order, read with plain JDBC. */
  List<Change> changeLog() throws SQLException {
    String url = Vendor.of(settings.jdbcUrl()).prepareUrl(settings.jdbcUrl());
    try (Connection c = DriverManager.getConnection(url, settings.username(), settings.password());
        ResultSet rs = c.createStatement().executeQuery("SELECT resource_version, namespace, name, event_type, "
            + "prev_resource_version, data FROM change_log ORDER BY resource_version")) {
      List<Change> changes = new ArrayList<>();
      while (rs.next()) {
        long prevValue = rs.getLong(5);
        Long prev = rs.wasNull() ? null : prevValue;
        changes.add(new Change(rs.getLong(1), new ObjectKey(rs.getString(2), rs.getString(3)), rs.getString(4),
            prev, rs.getString(6)));
      }
      return changes;
    }
  }

  /** One change-log row. */
  record Change(long resourceVersion, ObjectKey key, String type, Long prevResourceVersion, String data) {}
}
