/**
 * The {@code authentication.k8s.io} types: TokenReview and SelfSubjectReview in v1, create-only
 * review APIs that store nothing (their answers, asking the server's authenticators, are
 * {@code auth.reviews}'; the module is {@code groups.authentication}).
 */
package dev.customapiserver.apis.authentication;
