package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on H2: list")
@ExtendWith(H2Databases.class)
class JpaH2ListTest extends ListContract {}
