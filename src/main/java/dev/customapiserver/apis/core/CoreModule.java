package dev.customapiserver.apis.core;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/** The core group (name {@code ""}): Namespace in v1. */
public final class CoreModule implements ApiGroupModule {
  /** The core group's name: the empty string. */
  public static final String GROUP = "";

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(namespaces()));
  }

  /** NamespaceLifecycle, over the namespaces' lister (the chain runs it first). */
  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers) {
    return List.of(new NamespaceLifecycle(listers.forResource(NamespaceLifecycle.NAMESPACES, Namespace.class)));
  }

  static ResourceType<Namespace> namespaces() {
    return ResourceType.builder(GROUP, "Namespace", "namespaces", Namespace.class)
        .shortNames("ns")
        .clusterScoped()
        .statusSubresource()
        .served(ServedVersion.of("v1", NamespaceV1.class, new NamespaceV1Converter())
            .withDefaulter(NamespaceDefaults::v1)
            .withProtobuf(NamespaceProtobuf::decode)
            .withColumns(PrinterColumn.of("STATUS", "string", "The phase of the namespace.",
                ns -> ns.status == null ? null : ns.status.phase)))
        .storageVersion("v1")
        .strategy(new NamespaceStrategy())
        .build();
  }
}
