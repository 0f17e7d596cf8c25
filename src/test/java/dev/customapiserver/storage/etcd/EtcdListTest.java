package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage: the list contract")
@ExtendWith(EtcdExtension.class)
class EtcdListTest extends ListContract {}
