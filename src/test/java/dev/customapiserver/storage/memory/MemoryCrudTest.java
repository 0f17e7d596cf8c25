package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("memory storage: create, get, update, delete")
@ExtendWith(MemoryFixture.Extension.class)
class MemoryCrudTest extends CrudContract {}
