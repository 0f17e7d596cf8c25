package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.contract.Widget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on PostgreSQL 15: the write connection after the database dropped it")
@ExtendWith(PostgresExtension.class)
class JpaPostgresReconnectTest {

  @Test
  @DisplayName("writes work again after the database terminated the server's connections: at most one fails, as UNAVAILABLE")
  void writesRecover(DatabaseSettings settings) throws Exception {
    try (JpaStorageBackend backend = new JpaStorageBackend(settings)) {
      ResourceStore<Widget> store = backend.forResource(Widget.RESOURCE, Widget.codec());
      Widget first = store.create(new ObjectKey("a", "before"), Widget.named("a", "before"));

      try (Connection admin = DriverManager.getConnection(settings.jdbcUrl(), settings.username(), "");
          Statement s = admin.createStatement();
          ResultSet killed = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
              + "WHERE datname = current_database() AND pid <> pg_backend_pid()")) {
        assertThat(killed.next()).isTrue();
        assertThat(killed.getInt(1)).isPositive();
      }

      int failed = 0;
      Widget after = null;
      for (int i = 0; i < 2 && after == null; i++) {
        try {
          after = store.create(new ObjectKey("a", "after" + i), Widget.named("a", "after" + i));
        } catch (StorageException e) {
          assertThat(e.reason()).isEqualTo(StorageException.Reason.UNAVAILABLE);
          failed++;
        }
      }
      assertThat(failed).isLessThanOrEqualTo(1);
      assertThat(after).isNotNull();
      // the revision a failed write drew was rolled back with it: still gap-free
      assertThat(Long.parseLong(after.metadata().resourceVersion))
          .isEqualTo(Long.parseLong(first.metadata().resourceVersion) + 1);
    }
  }
}
