package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on MariaDB 10.11: list")
@ExtendWith(MariaDbExtension.class)
class JpaMariaDbListTest extends ListContract {}
