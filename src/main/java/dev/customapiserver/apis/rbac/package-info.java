/**
 * The {@code rbac.authorization.k8s.io} group: Role, ClusterRole (with aggregationRule), RoleBinding and
 * ClusterRoleBinding in v1, with kube's defaults and validation messages. The hub types are the v1
 * types (the group has one version); the evaluator reading them lives in {@code auth.rbac}.
 */
package dev.customapiserver.apis.rbac;
