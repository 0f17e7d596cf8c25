/**
 * Role-based access control as kube's plugin/pkg/auth/authorizer/rbac: rule matching, the rules a
 * user holds (through the registry's listers, so from the watch cache), the RBAC authorizer,
 * escalation prevention and the bootstrap policy.
 */
package dev.customapiserver.auth.rbac;
