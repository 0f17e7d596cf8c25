/**
 * The servlet filter chain in front of the API, each filter doing one thing: turn unexpected
 * failures into a 500 Status ({@link dev.customapiserver.filters.PanicFilter}), render container errors as Status
 * ({@link dev.customapiserver.filters.SendErrorAsStatusFilter}), authenticate
 * ({@link dev.customapiserver.filters.AuthenticationFilter}), authorize
 * ({@link dev.customapiserver.filters.AuthorizationFilter}). Every rejection is a Kubernetes Status.
 */
package dev.customapiserver.filters;
