/**
 * The review APIs answered with the server's own authentication: {@code authentication.k8s.io/v1}
 * SelfSubjectReview and TokenReview, as {@link dev.customapiserver.registry.VirtualCreate} resources.
 */
package dev.customapiserver.auth.reviews;
