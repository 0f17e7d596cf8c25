package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("memory storage: list")
@ExtendWith(MemoryFixture.Extension.class)
class MemoryListTest extends ListContract {}
