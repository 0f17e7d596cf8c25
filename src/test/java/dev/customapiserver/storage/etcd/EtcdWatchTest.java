package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage: the watch contract")
@ExtendWith(EtcdExtension.class)
class EtcdWatchTest extends WatchContract {}
