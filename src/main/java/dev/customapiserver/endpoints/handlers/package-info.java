/**
 * The verb handlers, written once for every resource: GET, list and watch ({@link ReadHandlers}),
 * create, update, patch (JSON, merge, strategic merge and server-side apply, through the field
 * manager) and delete ({@link WriteHandlers}), the {@code scale} subresource ({@link ScaleHandlers}),
 * connect- and create-style subresources ({@link ConnectHandler}, {@link ActionHandler}) and
 * create-only virtual resources ({@link VirtualCreateHandler}); {@link ResourceVerbs} makes the set of
 * one resource in one version. Each takes a {@code Call} and answers a response; binding them to
 * paths is the job of the package above.
 */
package dev.customapiserver.endpoints.handlers;
