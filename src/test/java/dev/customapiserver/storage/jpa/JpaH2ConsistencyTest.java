package dev.customapiserver.storage.jpa;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on H2: concurrency, commit order, restart")
@ExtendWith(H2Databases.class)
class JpaH2ConsistencyTest extends JpaConsistencyContract {}
