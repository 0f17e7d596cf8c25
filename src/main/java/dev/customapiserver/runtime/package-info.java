/**
 * Type registry: group/version/kind/resource identifiers, the definition of an API group and its
 * resources (the extension point group modules fill in), the per-kind strategy contract,
 * conversion between versions and the hub type, and the JSON/YAML codecs.
 */
package dev.customapiserver.runtime;
