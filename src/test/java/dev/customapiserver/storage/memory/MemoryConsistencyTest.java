package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.contract.ConsistencyContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("memory storage: concurrency")
@ExtendWith(MemoryFixture.Extension.class)
class MemoryConsistencyTest extends ConsistencyContract {}
