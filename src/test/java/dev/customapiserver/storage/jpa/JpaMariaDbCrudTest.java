package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on MariaDB 10.11: create, get, update, delete")
@ExtendWith(MariaDbExtension.class)
class JpaMariaDbCrudTest extends CrudContract {}
