package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on PostgreSQL 15: list")
@ExtendWith(PostgresExtension.class)
class JpaPostgresListTest extends ListContract {}
