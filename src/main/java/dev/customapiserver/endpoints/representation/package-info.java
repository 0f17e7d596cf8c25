/**
 * How API objects look on the wire, in both directions: one resource seen through one served version
 * ({@link VersionedView}: hub objects out as versioned objects with apiVersion and kind, request bodies
 * in as defaulted hub objects, unknown fields reported as {@code fieldValidation} asks), the format the
 * Accept header negotiates ({@link OutputFormat}: JSON, YAML or a meta.k8s.io Table) and its writing
 * ({@link Encoder}, {@link Tables}), and the JSON of recently watched objects, encoded once for every
 * watch of a version ({@link EncodedObjects}). Knows nothing of requests, routes or watch streams.
 */
package dev.customapiserver.endpoints.representation;
