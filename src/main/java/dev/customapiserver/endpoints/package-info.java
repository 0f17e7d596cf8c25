/**
 * The REST surface, assembled: {@link RestApi} builds the Jersey application serving a Scheme and its
 * Registry. It binds the verb handlers of every group, version and resource to their paths
 * ({@link RouteBinder}; resources defined while the server runs through {@link DynamicRoutes}),
 * discovery ({@link DiscoveryRoutes}), {@code /version} ({@link VersionResource}), the group modules'
 * extension endpoints and the create-only resources, nests the routes by group/version
 * ({@link RouteTree}), and registers the exception mapper that renders every API error as a Status.
 *
 * <p>The jobs live in subpackages, and dependencies point one way, from here downward: {@code
 * handlers} (the verb handlers, written once) uses {@code watch} (watch streams and their
 * transports), both use {@code call} (one request as a handler sees it, its parameters parsed) and
 * {@code representation} (served-version views, content negotiation, encoding, Tables);
 * {@code discovery} holds the discovery documents; {@code fieldmanager} (server-side apply),
 * {@code openapi} and {@code websocket} serve those above them. No subpackage imports this package.
 */
package dev.customapiserver.endpoints;
