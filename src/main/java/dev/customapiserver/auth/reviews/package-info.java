/**
 * The review APIs answered with the server's own authentication: {@code authentication.k8s.io/v1}
 * SelfSubjectReview and TokenReview, as {@link dev.customapiserver.registry.VirtualResource} resources.
 */
package dev.customapiserver.auth.reviews;
