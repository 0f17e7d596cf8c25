/**
 * The core group (name {@code ""}, served under {@code /api/v1}): Namespace, cluster-scoped,
 * short name {@code ns}.
 *
 * <p>Hub {@link dev.customapiserver.apis.core.Namespace}; wire type
 * {@link dev.customapiserver.apis.core.NamespaceV1}. Namespace lifecycle (the undeletable
 * {@code default}, Terminating and the cleanup controller, the admission check for namespaced
 * creates) will live in this package too, next to {@link CoreModule}.
 */
package dev.customapiserver.apis.core;
