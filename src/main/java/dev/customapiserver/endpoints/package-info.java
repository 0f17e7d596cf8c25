/**
 * The REST surface: JAX-RS resources built at start from the Scheme (one per group, version and
 * resource), verb handlers written once, content negotiation (JSON, YAML, Table), discovery,
 * OpenAPI and the exception mapper that renders every API error as a Status.
 *
 * <p>Watch responses: a {@code WatchStream} per watch buffers its events (boundedly; overflow is a
 * 410), the bounded writer pool of {@code Watches} writes them as chunks through a
 * {@code WatchOutput}: servlet non-blocking I/O behind the {@link
 * dev.customapiserver.endpoints.watch.WatchHandOff} filter, so neither an idle nor a slow watch holds a
 * thread. {@code WatchFraming} frames events; an object's JSON is encoded once per state and version
 * for all watches ({@code EncodedObjects}).
 */
package dev.customapiserver.endpoints;
