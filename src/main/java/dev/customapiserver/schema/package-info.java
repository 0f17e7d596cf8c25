/**
 * The one schema model of the server: {@link dev.customapiserver.schema.StructuralSchema}, a structural
 * OpenAPI v3 schema with Kubernetes' extensions (list types and map keys, patch strategies,
 * int-or-string, preserve-unknown-fields, embedded resources, enums, defaults, CEL rules as data).
 * Two sources: a CRD's {@code openAPIV3Schema} (checked as kube-apiserver checks it) and the Java wire
 * types. What it does with unstructured JSON: validation with kube's 422 wording, pruning of unknown
 * fields, defaulting. Depends only on the API types ({@code api.*}) and Jackson.
 */
package dev.customapiserver.schema;
