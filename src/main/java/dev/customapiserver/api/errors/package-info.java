/**
 * The API error family. Every failure a client can see is an {@link dev.customapiserver.api.errors.ApiException}
 * carrying the Kubernetes Status it renders as; {@link dev.customapiserver.api.errors.Errors} builds them
 * with kube-apiserver's wording.
 */
package dev.customapiserver.api.errors;
