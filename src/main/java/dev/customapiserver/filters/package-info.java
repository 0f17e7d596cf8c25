/**
 * The stages of the request pipeline (declared in order by {@code server.RequestPipeline}), each
 * filter doing one thing: turn unexpected failures into a 500 Status ({@link
 * dev.customapiserver.filters.PanicFilter}), render container errors as Status ({@link
 * dev.customapiserver.filters.SendErrorAsStatusFilter}), read the request info and open the request
 * context ({@link dev.customapiserver.filters.RequestInfoFilter}), authenticate ({@link
 * dev.customapiserver.filters.AuthenticationFilter}), impersonate ({@link
 * dev.customapiserver.filters.ImpersonationFilter}), authorize ({@link
 * dev.customapiserver.filters.AuthorizationFilter}). Each reads and extends the request's {@link
 * dev.customapiserver.request.RequestContext}; every rejection is a Kubernetes Status.
 */
package dev.customapiserver.filters;
