/**
 * The {@code coordination.k8s.io} module: Lease, validated as kube-apiserver validates it.
 */
package dev.customapiserver.groups.coordination;
