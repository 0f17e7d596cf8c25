package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("memory storage: watch")
@ExtendWith(MemoryFixture.Extension.class)
class MemoryWatchTest extends WatchContract {}
