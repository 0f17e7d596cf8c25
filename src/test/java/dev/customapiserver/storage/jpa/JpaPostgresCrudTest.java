package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on PostgreSQL 15: create, get, update, delete")
@ExtendWith(PostgresExtension.class)
class JpaPostgresCrudTest extends CrudContract {}
