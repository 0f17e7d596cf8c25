package dev.customapiserver.endpoints.openapi;

import java.util.Map;

/**
 * Descriptions of the shared wire types' fields ({@code api.meta}), which carry no
 * {@code @Description} of their own. Keyed by the declaring class's simple name and the wire name.
 * A {@code @Description} on a field always wins over this table.
 */
final class MetaDescriptions {
  private MetaDescriptions() {}

  static final String API_VERSION = "APIVersion defines the versioned schema of this representation of an object."
      + " Servers convert recognized schemas to the latest internal value and may reject unrecognized values.";
  static final String KIND = "Kind is a string value representing the REST resource this object represents."
      + " Servers may infer it from the endpoint the client submits requests to. In CamelCase; cannot be updated.";

  private static final Map<String, String> FIELDS = Map.ofEntries(
      Map.entry("KubeObject.apiVersion", API_VERSION),
      Map.entry("KubeObject.kind", KIND),
      Map.entry("KubeObject.metadata", "Standard object's metadata."),
      Map.entry("Status.apiVersion", API_VERSION),
      Map.entry("Status.kind", KIND),
      Map.entry("Status.metadata", "Standard list metadata."),
      Map.entry("DeleteOptions.apiVersion", API_VERSION),
      Map.entry("DeleteOptions.kind", KIND),
      Map.entry("OwnerReference.apiVersion", "API version of the referent."),
      Map.entry("OwnerReference.kind", "Kind of the referent."),
      Map.entry("OwnerReference.name", "Name of the referent."),
      Map.entry("OwnerReference.uid", "UID of the referent."),
      Map.entry("OwnerReference.controller", "If true, this reference points to the managing controller."),
      Map.entry("OwnerReference.blockOwnerDeletion", "If true, the owner cannot be deleted from storage until"
          + " this reference is removed (foreground deletion)."),
      Map.entry("ObjectMeta.name", "Name must be unique within a namespace. Required when creating resources,"
          + " unless generateName is used. Cannot be updated."),
      Map.entry("ObjectMeta.generateName", "Optional prefix the server uses to generate a unique name when name is"
          + " not provided."),
      Map.entry("ObjectMeta.namespace", "The namespace the object belongs to; empty for cluster-scoped objects."
          + " Cannot be updated."),
      Map.entry("ObjectMeta.uid", "Unique identifier of this object for its whole lifetime, set by the server"
          + " on create. Read-only."),
      Map.entry("ObjectMeta.resourceVersion", "Opaque value identifying the internal version of this object, used"
          + " for optimistic concurrency, change detection and watches. Set by the server. Read-only."),
      Map.entry("ObjectMeta.generation", "A sequence number representing a specific generation of the desired"
          + " state. Set by the server. Read-only."),
      Map.entry("ObjectMeta.creationTimestamp", "When the object was created, as an RFC 3339 time in UTC."
          + " Set by the server. Read-only."),
      Map.entry("ObjectMeta.deletionTimestamp", "When the object will be deleted, set by the server when deletion"
          + " is requested and finalizers are pending. Read-only."),
      Map.entry("ObjectMeta.deletionGracePeriodSeconds", "Seconds allowed for this object to terminate gracefully"
          + " before it is removed. Read-only."),
      Map.entry("ObjectMeta.labels", "Map of string keys and values used to organize and select objects."),
      Map.entry("ObjectMeta.annotations", "Unstructured key-value map stored with the object, set by external tools"
          + " to store and retrieve arbitrary metadata. Not queryable."),
      Map.entry("ObjectMeta.ownerReferences", "Objects this object depends on. When all owners are deleted, this"
          + " object is garbage collected."),
      Map.entry("ObjectMeta.finalizers", "Must be empty before the object is deleted from storage."),
      Map.entry("ObjectMeta.managedFields", "Which field managers manage which fields. Maintained by the server."),
      Map.entry("ListMeta.resourceVersion", "The resource version of the list, for watches started after it."),
      Map.entry("ListMeta.continue", "Set when more items are available; pass it as the continue parameter to"
          + " get the next page."),
      Map.entry("ListMeta.remainingItemCount", "How many items follow this page, when the server knows."),
      Map.entry("Status.status", "Status of the operation: \"Success\" or \"Failure\"."),
      Map.entry("Status.message", "A human-readable description of the status of this operation."),
      Map.entry("Status.reason", "A machine-readable description of why this operation is in the Failure status."),
      Map.entry("Status.code", "Suggested HTTP return code for this status, 0 if not set."),
      Map.entry("Status.details", "Extended data associated with the reason."),
      Map.entry("DeleteOptions.gracePeriodSeconds", "Seconds before the object should be deleted."),
      Map.entry("DeleteOptions.propagationPolicy", "Whether and how garbage collection is performed:"
          + " 'Orphan', 'Background' or 'Foreground'."),
      Map.entry("DeleteOptions.dryRun", "When present, modifications are not persisted. 'All' is the only"
          + " valid value."),
      Map.entry("DeleteOptions.preconditions", "Must be fulfilled before a deletion is carried out."));

  /** The description of {@code declaringClass}'s field with wire name {@code name}, or null. */
  static String of(Class<?> declaringClass, String name) {
    return FIELDS.get(declaringClass.getSimpleName() + "." + name);
  }
}
