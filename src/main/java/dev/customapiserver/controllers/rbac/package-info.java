/**
 * RBAC inside the server: the bootstrap policy reconciled at start and the ClusterRole aggregation
 * controller keeping aggregated roles (admin, edit, view) filled.
 */
package dev.customapiserver.controllers.rbac;
