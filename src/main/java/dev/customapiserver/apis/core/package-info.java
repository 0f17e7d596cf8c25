/**
 * The core group (name {@code ""}, served under {@code /api/v1}): Namespace, cluster-scoped,
 * short name {@code ns}.
 *
 * <p>Hub {@link dev.customapiserver.apis.core.Namespace}; wire type
 * {@link dev.customapiserver.apis.core.NamespaceV1}. The admission side of the namespace lifecycle
 * lives here ({@link dev.customapiserver.apis.core.NamespaceLifecycle}: the undeletable {@code default},
 * no creates in missing or Terminating namespaces), as does the staged deletion (the strategy makes a
 * deleted namespace Terminating); the controller that empties and removes Terminating namespaces is
 * {@code dev.customapiserver.controllers.NamespaceController}.
 */
package dev.customapiserver.apis.core;
