package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.WatchContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage on a three-member cluster: the watch contract")
@ExtendWith(EtcdExtension.ThreeMembers.class)
class EtcdThreeMembersWatchTest extends WatchContract {}
