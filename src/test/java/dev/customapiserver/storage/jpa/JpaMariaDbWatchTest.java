package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("JPA storage on MariaDB 10.11: watch")
@ExtendWith(MariaDbExtension.class)
class JpaMariaDbWatchTest extends WatchContract {}
