package dev.customapiserver.groups.apiextensions;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.customapiserver.apis.apiextensions.ApiextensionsGroup;
import dev.customapiserver.apis.apiextensions.CrdCopier;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinitionV1;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * The {@code apiextensions.k8s.io} group: CustomResourceDefinition in v1, cluster-scoped, with a
 * status subresource, short name {@code crd} and category {@code api-extensions} (as kube lists it),
 * and kube's default table for it ({@code NAME  CREATED AT}).
 */
public final class ApiextensionsModule implements ApiGroupModule {
  public static final String GROUP = ApiextensionsGroup.NAME;

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(customResourceDefinitions()));
  }

  static ResourceType<CustomResourceDefinition> customResourceDefinitions() {
    return ResourceType.builder(GROUP, "CustomResourceDefinition", "customresourcedefinitions",
            CustomResourceDefinition.class)
        .clusterScoped()
        .shortNames("crd", "crds")
        .categories("api-extensions")
        .statusSubresource()
        .served(ServedVersion.of("v1", CustomResourceDefinitionV1.class, new CrdCopier())
            .withDefaulter(ApiextensionsModule::defaults)
            .withColumnsOnly(new PrinterColumn<>("Created At", "date", CREATION_TIMESTAMP, 0, ApiextensionsModule::createdAt)))
        .storageVersion("v1")
        .strategy(new CrdStrategy(CrdSchemaChecks.available()))
        .build();
  }

  static final String CREATION_TIMESTAMP = "CreationTimestamp is a timestamp representing the server time when this "
      + "object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients "
      + "may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. "
      + "Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

  /** kube's default table of a resource (the CRD's): the creation time in RFC 3339, UTC, not an age. */
  private static Object createdAt(CustomResourceDefinitionV1 crd) {
    Instant at = crd.metadata().creationTimestamp == null ? Instant.parse("0001-01-01T00:00:00Z") : crd.metadata().creationTimestamp;
    return DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.SECONDS));
  }

  /** kube's v1 defaults: singular and listKind from kind, conversion strategy None, versions not served nor stored. */
  static void defaults(CustomResourceDefinitionV1 crd) {
    if (crd.spec == null) {
      return;
    }
    CustomResourceDefinition.Names n = crd.spec.names;
    if (n != null && n.kind != null && !n.kind.isEmpty()) {
      if (n.singular == null || n.singular.isEmpty()) {
        n.singular = n.kind.toLowerCase(Locale.ROOT);
      }
      if (n.listKind == null || n.listKind.isEmpty()) {
        n.listKind = n.kind + "List";
      }
    }
    if (crd.spec.conversion == null || crd.spec.conversion.isNull()) {
      crd.spec.conversion = JsonNodeFactory.instance.objectNode().put("strategy", "None");
    }
    if (crd.spec.versions != null) {
      for (CustomResourceDefinition.Version v : crd.spec.versions) {
        v.served = v.served == null ? Boolean.FALSE : v.served;
        v.storage = v.storage == null ? Boolean.FALSE : v.storage;
      }
    }
  }
}
