package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.ConsistencyContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage on a three-member cluster: the consistency contract")
@ExtendWith(EtcdExtension.ThreeMembers.class)
class EtcdThreeMembersConsistencyTest extends ConsistencyContract {}
