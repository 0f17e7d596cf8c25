package dev.customapiserver.storage.file;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("file storage: the crud contract")
@ExtendWith(FileFixture.Extension.class)
class FileCrudTest extends CrudContract {}
