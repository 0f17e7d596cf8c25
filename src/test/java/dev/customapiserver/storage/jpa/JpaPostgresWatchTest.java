package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on PostgreSQL 15: watch")
@ExtendWith(PostgresExtension.class)
class JpaPostgresWatchTest extends WatchContract {}
