package dev.customapiserver.storage.jpa;

import org.flywaydb.core.Flyway;

/**
 * Creates and migrates the schema with Flyway from {@code db/migration/<vendor>} on the classpath.
 * Safe to run from several server processes at once: Flyway serialises migrations with a lock.
 */
final class SchemaMigrator {
  private final Vendor vendor;

  SchemaMigrator(Vendor vendor) {
    this.vendor = vendor;
  }

  /** Applies pending migrations; returns how many were applied. */
  int migrate(ConnectionSource source) {
    Flyway flyway = source.flyway(Flyway.configure(SchemaMigrator.class.getClassLoader()))
        .locations(vendor.migrations())
        .table("storage_schema_history")
        .failOnMissingLocations(true)
        .load();
    return flyway.migrate().migrationsExecuted;
  }
}
