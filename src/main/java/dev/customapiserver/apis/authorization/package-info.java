/**
 * The {@code authorization.k8s.io} types: SubjectAccessReview, LocalSubjectAccessReview,
 * SelfSubjectAccessReview ({@code kubectl auth can-i}) and SelfSubjectRulesReview ({@code kubectl auth
 * can-i --list}) in v1, create-only virtual resources answered by the server's authorizer
 * ({@code auth.reviews.AccessReviews}).
 */
package dev.customapiserver.apis.authorization;
