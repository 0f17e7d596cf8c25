package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.ConsistencyContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage: the consistency contract")
@ExtendWith(EtcdExtension.class)
class EtcdConsistencyTest extends ConsistencyContract {}
