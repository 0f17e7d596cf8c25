/**
 * The {@code rbac.authorization.k8s.io} module: roles and bindings with kube's validation messages.
 */
package dev.customapiserver.groups.rbac;
