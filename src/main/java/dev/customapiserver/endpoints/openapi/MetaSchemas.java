package dev.customapiserver.endpoints.openapi;

import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.OwnerReference;
import dev.customapiserver.api.meta.Status;
import java.util.Map;

/**
 * The shared meta/v1 schemas every group-version document carries, as kube publishes them
 * ({@link KubeSchemas}); the wire classes of {@code api.meta} refer to them.
 */
final class MetaSchemas {
  static final String OBJECT_META = SchemaNames.META + "ObjectMeta";
  static final String LIST_META = SchemaNames.META + "ListMeta";
  static final String STATUS = SchemaNames.META + "Status";
  static final String DELETE_OPTIONS = SchemaNames.META + "DeleteOptions";
  static final String PATCH = SchemaNames.META + "Patch";

  /** The classes standing for kube's schemas, by the schemas' simple names. */
  private static final Map<String, Class<?>[]> CLASSES = Map.of(
      "ObjectMeta", new Class<?>[] {ObjectMeta.class},
      "ListMeta", new Class<?>[] {ListMeta.class},
      "Status", new Class<?>[] {Status.class},
      "StatusDetails", new Class<?>[] {Status.Details.class},
      "StatusCause", new Class<?>[] {Status.Cause.class},
      "DeleteOptions", new Class<?>[] {DeleteOptions.class},
      "Preconditions", new Class<?>[] {DeleteOptions.Preconditions.class},
      "OwnerReference", new Class<?>[] {OwnerReference.class},
      "ManagedFieldsEntry", new Class<?>[] {ManagedFieldsEntry.class});

  private MetaSchemas() {}

  /** Defines ObjectMeta, ListMeta, Status, DeleteOptions and Patch (and what they reach) in {@code types}. */
  static void addTo(TypeSchemas types) {
    for (String name : KubeSchemas.names(SchemaNames.META)) {
      types.adopt(name, KubeSchemas.get(name),
          CLASSES.getOrDefault(name.substring(SchemaNames.META.length()), new Class<?>[0]));
    }
  }
}
