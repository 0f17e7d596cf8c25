package dev.customapiserver.groups.core;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.core.ConfigMap;
import dev.customapiserver.apis.core.ConfigMapV1;
import dev.customapiserver.apis.core.ConfigMapV1Converter;
import dev.customapiserver.apis.core.CoreGroup;
import dev.customapiserver.apis.core.CoreProtobuf;
import dev.customapiserver.apis.core.Event;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.apis.core.NamespaceDefaults;
import dev.customapiserver.apis.core.NamespaceProtobuf;
import dev.customapiserver.apis.core.NamespaceV1;
import dev.customapiserver.apis.core.NamespaceV1Converter;
import dev.customapiserver.apis.core.Secret;
import dev.customapiserver.apis.core.SecretV1;
import dev.customapiserver.apis.core.SecretV1Converter;
import dev.customapiserver.apis.core.ServiceAccount;
import dev.customapiserver.apis.core.ServiceAccountProtobuf;
import dev.customapiserver.apis.core.ServiceAccountV1;
import dev.customapiserver.apis.core.ServiceAccountV1Converter;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.runtime.extension.ServerServices;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** The core group (name {@code ""}): Namespace, ConfigMap, Secret, Event and ServiceAccount in v1. */
public final class CoreModule implements ApiGroupModule {
  /** The core group's name: the empty string. */
  public static final String GROUP = CoreGroup.NAME;

  @Override
  public ApiGroup apiGroup() {
    return apiGroup(ServerServices.none());
  }

  /** With the server's token signer behind {@code serviceaccounts/token}. */
  @Override
  public ApiGroup apiGroup(ServerServices services) {
    return new ApiGroup(GROUP, List.of("v1"), List.of(namespaces(), configMaps(), secrets(), Events.resource(),
        serviceAccounts(services)));
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
            // NamespaceV1's fields are core/v1's in Go order: served in protobuf both ways, as kube serves it
            .withSchemaProtobuf()
            .withColumns(PrinterColumn.of("STATUS", "string", "The phase of the namespace.",
                ns -> ns.status == null ? null : ns.status.phase)))
        .storageVersion("v1")
        .strategy(new NamespaceStrategy())
        .build();
  }

  static ResourceType<ConfigMap> configMaps() {
    return ResourceType.builder(GROUP, "ConfigMap", "configmaps", ConfigMap.class)
        .shortNames("cm")
        .served(ServedVersion.of("v1", ConfigMapV1.class, new ConfigMapV1Converter())
            .withProtobuf(CoreProtobuf::configMap)
            .withColumns(PrinterColumn.of("Data", "integer", "The number of keys in data and binaryData.",
                cm -> size(cm.data) + size(cm.binaryData))))
        .storageVersion("v1")
        .strategy(new ConfigMapStrategy())
        .build();
  }

  static ResourceType<Secret> secrets() {
    return ResourceType.builder(GROUP, "Secret", "secrets", Secret.class)
        .served(ServedVersion.of("v1", SecretV1.class, new SecretV1Converter())
            .withDefaulter(s -> s.type = s.type == null || s.type.isEmpty() ? Secret.OPAQUE : s.type)
            .withProtobuf(CoreProtobuf::secret)
            .withColumns(
                PrinterColumn.of("Type", "string", "The type of the secret.", s -> s.type),
                PrinterColumn.of("Data", "integer", "The number of keys in data.", s -> size(s.data))))
        .storageVersion("v1")
        .strategy(new SecretStrategy())
        .selectableField("type", s -> s.type)
        .build();
  }

  static ResourceType<ServiceAccount> serviceAccounts(ServerServices services) {
    return ResourceType.builder(GROUP, "ServiceAccount", "serviceaccounts", ServiceAccount.class)
        .shortNames("sa")
        .served(ServedVersion.of("v1", ServiceAccountV1.class, new ServiceAccountV1Converter())
            .withProtobuf(ServiceAccountProtobuf::serviceAccount)
            .withColumns(PrinterColumn.of("Secrets", "integer", "The number of secrets of the service account.",
                sa -> size(sa.secrets))))
        .storageVersion("v1")
        .action("token", new TokenAction(services.tokens(), services.clock()))
        .build();
  }

  private static int size(Collection<?> c) {
    return c == null ? 0 : c.size();
  }

  private static int size(Map<String, ?> m) {
    return m == null ? 0 : m.size();
  }
}
