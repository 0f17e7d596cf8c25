/**
 * Server-side apply and field ownership (Kubernetes' structured-merge-diff and the apiserver's
 * fieldmanager): field sets of versioned objects as JSON trees, schema-aware merge, compare and
 * prune driven by the {@code ListType} annotations of the versioned Java types, the
 * {@code metadata.managedFields} encoding (FieldsV1) and the apply/update workflows with their
 * conflicts. {@link dev.customapiserver.endpoints.fieldmanager.FieldManager} is the entry point.
 */
package dev.customapiserver.endpoints.fieldmanager;
