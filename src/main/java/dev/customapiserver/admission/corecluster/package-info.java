/**
 * Admission reading the core cluster instead of this server's own storage, as kubernetes/
 * sample-apiserver's {@code --kubeconfig} (k8s.io/apiserver's CoreAPI options): Namespaces and
 * admission webhook configurations listed and watched in the cluster this server is aggregated
 * into, behind the same {@link dev.customapiserver.admission.Lister} the plugins read.
 */
package dev.customapiserver.admission.corecluster;
