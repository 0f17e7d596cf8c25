/**
 * The {@code rbac.authorization.k8s.io} types: Role, ClusterRole (with aggregationRule), RoleBinding
 * and ClusterRoleBinding in v1, with kube's defaults. The hub types are the v1 types (the group has
 * one version); the module and validation are {@code groups.rbac}'s, the evaluator reading them is
 * {@code auth.rbac}.
 */
package dev.customapiserver.apis.rbac;
