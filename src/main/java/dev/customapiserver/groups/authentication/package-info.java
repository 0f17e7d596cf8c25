/**
 * The {@code authentication.k8s.io} module: TokenReview and SelfSubjectReview as create-only
 * resources (the server binds their answers from {@code auth.reviews}).
 */
package dev.customapiserver.groups.authentication;
