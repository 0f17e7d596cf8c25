/**
 * The {@code apiextensions.k8s.io} group: CustomResourceDefinition in v1 (cluster-scoped, with a
 * status subresource), defaulted and validated as kube-apiserver does (names
 * {@code <plural>.<group>}, exactly one storage version, scope, DNS-1035 names), storedVersions kept
 * by the strategy, Terminating on delete with the {@code customresourcecleanup} finalizer. The
 * serving of the resources a definition describes is the controller's
 * ({@code controllers.crd.CustomResourceController}).
 */
package dev.customapiserver.apis.apiextensions;
