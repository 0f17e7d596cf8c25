package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.CrudContract;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("etcd storage on a three-member cluster: the crud contract")
@ExtendWith(EtcdExtension.ThreeMembers.class)
class EtcdThreeMembersCrudTest extends CrudContract {}
