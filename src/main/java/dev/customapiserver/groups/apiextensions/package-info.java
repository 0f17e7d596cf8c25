/**
 * The {@code apiextensions.k8s.io} module: CustomResourceDefinition defaulted and validated as
 * kube-apiserver does (names {@code <plural>.<group>}, exactly one storage version, scope, DNS-1035
 * names, schemas), storedVersions kept by the strategy, Terminating on delete with the
 * {@code customresourcecleanup} finalizer.
 */
package dev.customapiserver.groups.apiextensions;
