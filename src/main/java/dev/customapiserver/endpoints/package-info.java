/**
 * The REST surface: JAX-RS resources built at start from the Scheme (one per group, version and
 * resource), verb handlers written once, content negotiation (JSON, YAML, Table), discovery,
 * OpenAPI and the exception mapper that renders every API error as a Status.
 */
package dev.customapiserver.endpoints;
