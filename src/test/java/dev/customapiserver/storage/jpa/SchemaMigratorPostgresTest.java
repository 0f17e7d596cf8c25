package dev.customapiserver.storage.jpa;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("Schema migration on PostgreSQL")
@ExtendWith(PostgresExtension.class)
class SchemaMigratorPostgresTest extends SchemaMigratorContract {
  private DatabaseSettings settings;

  @BeforeEach
  void database(DatabaseSettings fresh) {
    settings = fresh;
  }

  @Override
  DatabaseSettings database() {
    return settings;
  }
}
