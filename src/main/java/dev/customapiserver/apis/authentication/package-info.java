/**
 * The {@code authentication.k8s.io} group: TokenReview and SelfSubjectReview in v1, create-only
 * review APIs that store nothing (their handlers, asking the server's authenticators, live in
 * {@code auth.reviews}; the server wires them as {@code registry.VirtualCreate} resources).
 */
package dev.customapiserver.apis.authentication;
