/**
 * The {@code authorization.k8s.io} module: the four access reviews as create-only resources, answered
 * by {@code auth.reviews.AccessReviews} with the server's authorizer.
 */
package dev.customapiserver.groups.authorization;
