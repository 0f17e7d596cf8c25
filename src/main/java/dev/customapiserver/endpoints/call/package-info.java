/**
 * One request as the verb handlers see it: a {@link Call} (path and query parameters, headers, the
 * size-limited body, the user) made by the {@link Handler} that adapts a handler function to Jersey's
 * programmatic resource model; its query parameters parsed and validated with kube-apiserver's errors
 * ({@link QueryOptions}, {@link QueryParams}, a watch's {@link WatchParams}); the registry's view of it
 * ({@link Contexts}); and the warnings that belong to the request rather than to its result
 * ({@link RequestWarnings}). Knows nothing of handlers, watches, discovery or routes.
 */
package dev.customapiserver.endpoints.call;
