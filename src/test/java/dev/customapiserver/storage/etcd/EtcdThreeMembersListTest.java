package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.ListContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage on a three-member cluster: the list contract")
@ExtendWith(EtcdExtension.ThreeMembers.class)
class EtcdThreeMembersListTest extends ListContract {}
