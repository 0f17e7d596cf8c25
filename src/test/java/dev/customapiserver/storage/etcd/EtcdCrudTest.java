package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage: the crud contract")
@ExtendWith(EtcdExtension.class)
class EtcdCrudTest extends CrudContract {}
