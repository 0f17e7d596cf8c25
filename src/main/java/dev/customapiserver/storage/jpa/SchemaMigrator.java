package dev.customapiserver.storage.jpa;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import org.flywaydb.core.Flyway;

/**
 * Creates and migrates the schema with Flyway from {@code db/migration/<vendor>} on the classpath.
 * Safe to run from several server processes at once: Flyway serialises migrations with a lock.
 *
 * <p>A database whose history already records every migration this build brings is used as it is,
 * without starting Flyway: that is every start but the first one after an upgrade, and Flyway's
 * classpath scan, plugin loading and validation were an eighth of the start-up's work. Flyway still
 * runs (and validates) whenever a migration is missing, failed or the history cannot be read.
 */
final class SchemaMigrator {
  /** The versions in each vendor's migration folder are 1 to this ({@code V<n>__*.sql}). */
  static final int MIGRATIONS = 2;
  static final String HISTORY = "storage_schema_history";

  private final Vendor vendor;

  SchemaMigrator(Vendor vendor) {
    this.vendor = vendor;
  }

  /** Applies pending migrations; returns how many were applied. */
  int migrate(ConnectionSource source) {
    if (upToDate(source)) {
      return 0;
    }
    Flyway flyway = source.flyway(Flyway.configure(SchemaMigrator.class.getClassLoader()))
        .locations(vendor.migrations())
        .table(HISTORY)
        .failOnMissingLocations(true)
        .load();
    return flyway.migrate().migrationsExecuted;
  }

  /** Whether the history records each of this build's migrations as successful; false when unreadable. */
  boolean upToDate(ConnectionSource source) {
    Set<String> applied = new HashSet<>();
    try (Connection c = source.open(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(vendor.appliedMigrations(HISTORY))) {
      while (rs.next()) {
        applied.add(rs.getString(1));
      }
    } catch (SQLException e) {
      return false; // a new database (no history yet) or one we cannot read: Flyway decides and reports
    }
    for (int v = 1; v <= MIGRATIONS; v++) {
      if (!applied.contains(Integer.toString(v))) {
        return false;
      }
    }
    return true;
  }
}
