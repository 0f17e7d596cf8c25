package dev.customapiserver.storage.file;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("file storage: the list contract")
@ExtendWith(FileFixture.Extension.class)
class FileListTest extends ListContract {}
