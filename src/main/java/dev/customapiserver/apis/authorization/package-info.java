/**
 * The {@code authorization.k8s.io} group: SubjectAccessReview, LocalSubjectAccessReview,
 * SelfSubjectAccessReview ({@code kubectl auth can-i}) and SelfSubjectRulesReview ({@code kubectl auth
 * can-i --list}) in v1, create-only virtual resources answered by the server's authorizer.
 */
package dev.customapiserver.apis.authorization;
