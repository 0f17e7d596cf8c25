package dev.customapiserver.storage.file;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("file storage: the watch contract")
@ExtendWith(FileFixture.Extension.class)
class FileWatchTest extends WatchContract {}
