package dev.customapiserver.storage.jpa;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
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
  private final ObjectMapper json = new ObjectMapper();

  /**
   * Opens the database and migrates its schema.
   *
   * @throws StorageException UNAVAILABLE when the database cannot be reached or migrated
   * @throws IllegalArgumentException for a JDBC URL of an unsupported database
   */
  public JpaStorageBackend(DatabaseSettings settings) {
    this.vendor = Vendor.of(settings.jdbcUrl());
    this.revisions = new Revisions(vendor);
    String url = vendor.prepareUrl(settings.jdbcUrl());
    try {
      new SchemaMigrator(vendor).migrate(url, settings);
    } catch (FlywayException e) {
      throw Database.unavailable("cannot migrate the schema of " + settings + ": " + e.getMessage(), e);
    }
    this.db = new Database(url, settings, vendor);
    try {
      currentRevision();
    } catch (StorageException e) {
      db.close();
      throw e;
    }
  }

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return new JpaResourceStore<>(db, revisions, resource, codec,
        new ObjectLister<>(db, revisions, vendor, codec, json));
  }

  @Override
  public long currentRevision() {
    return db.read(null, revisions::current);
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

  @Override
  public void close() {
    db.close();
  }
}
