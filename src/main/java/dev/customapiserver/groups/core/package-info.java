/**
 * The core module (served under {@code /api/v1}): Namespace, ConfigMap, Secret, ServiceAccount and
 * Event with their strategies; the admission side of the namespace lifecycle ({@link
 * dev.customapiserver.groups.core.NamespaceLifecycle}: the undeletable {@code default}, no creates in
 * missing or Terminating namespaces), the staged deletion (the strategy makes a deleted namespace
 * Terminating) and the ServiceAccount token subresource. The controller that empties and removes
 * Terminating namespaces is {@code controllers.NamespaceController}.
 */
package dev.customapiserver.groups.core;
