package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on H2: watch")
@ExtendWith(H2Databases.class)
class JpaH2WatchTest extends WatchContract {}
