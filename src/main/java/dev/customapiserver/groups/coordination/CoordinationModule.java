package dev.customapiserver.groups.coordination;

import dev.customapiserver.apis.coordination.Lease;
import dev.customapiserver.apis.coordination.LeaseProtobuf;
import dev.customapiserver.apis.coordination.LeaseV1;
import dev.customapiserver.apis.coordination.LeaseV1Converter;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/** The {@code coordination.k8s.io} group: Lease in v1 (namespaced), what leader election locks on. */
public final class CoordinationModule implements ApiGroupModule {
  public static final String GROUP = "coordination.k8s.io";

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(leases()));
  }

  static ResourceType<Lease> leases() {
    return ResourceType.builder(GROUP, "Lease", "leases", Lease.class)
        .served(ServedVersion.of("v1", LeaseV1.class, new LeaseV1Converter())
            .withProtobuf(LeaseProtobuf::decode)
            .withColumns(PrinterColumn.of("Holder", "string", "The holder of the lease.",
                l -> l.spec == null ? null : l.spec.holderIdentity)))
        .storageVersion("v1")
        .strategy(new LeaseStrategy())
        .build();
  }
}
