package dev.customapiserver.storage.file;

import dev.customapiserver.storage.contract.ConsistencyContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("file storage: the consistency contract")
@ExtendWith(FileFixture.Extension.class)
class FileConsistencyTest extends ConsistencyContract {}
