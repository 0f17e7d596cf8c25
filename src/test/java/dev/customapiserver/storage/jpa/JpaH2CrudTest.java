package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on H2: create, get, update, delete")
@ExtendWith(H2Databases.class)
class JpaH2CrudTest extends CrudContract {}
