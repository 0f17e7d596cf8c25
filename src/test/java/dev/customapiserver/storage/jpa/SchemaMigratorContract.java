package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The schema migration on one database product: Flyway on a new database, and not again once up to date. */
abstract class SchemaMigratorContract {

  /** Settings of a new, empty database. */
  abstract DatabaseSettings database() throws Exception;

  @Test
  @DisplayName("a new database gets every migration; once its history records them all, a start leaves it as it is")
  void migratesOnceThenTrusts() throws Exception {
    DatabaseSettings settings = database();
    Vendor vendor = Vendor.of(settings.jdbcUrl());
    ConnectionSource source = ConnectionSource.of(vendor.prepareUrl(settings.jdbcUrl()), settings);
    SchemaMigrator migrator = new SchemaMigrator(vendor);

    assertThat(migrator.upToDate(source)).as("no history yet").isFalse();
    assertThat(migrator.migrate(source)).isEqualTo(SchemaMigrator.MIGRATIONS);
    assertThat(migrator.upToDate(source)).isTrue();
    assertThat(migrator.migrate(source)).isZero();
  }

  @Test
  @DisplayName("a history that lacks the newest migration is not trusted: Flyway runs and applies it")
  void missingMigrationRunsFlyway() throws Exception {
    DatabaseSettings settings = database();
    Vendor vendor = Vendor.of(settings.jdbcUrl());
    ConnectionSource source = ConnectionSource.of(vendor.prepareUrl(settings.jdbcUrl()), settings);
    SchemaMigrator migrator = new SchemaMigrator(vendor);
    migrator.migrate(source);
    try (Connection c = source.open(); Statement s = c.createStatement()) {
      // as a server of the previous release left it: without the newest migration's row and its effect
      s.executeUpdate(vendor == Vendor.H2
          ? "DELETE FROM \"storage_schema_history\" WHERE \"version\" = '" + SchemaMigrator.MIGRATIONS + "'"
          : "DELETE FROM storage_schema_history WHERE version = '" + SchemaMigrator.MIGRATIONS + "'");
      s.executeUpdate("DROP INDEX " + (vendor == Vendor.MARIADB ? "change_log_by_key ON change_log" : "change_log_by_key"));
    }
    assertThat(migrator.upToDate(source)).isFalse();
    assertThat(migrator.migrate(source)).isEqualTo(1);
    assertThat(migrator.upToDate(source)).isTrue();
  }
}
