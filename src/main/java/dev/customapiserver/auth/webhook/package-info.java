/**
 * Asking another server who a token belongs to and whether a user may do something, as
 * k8s.io/apiserver's webhook token authenticator and webhook authorizer: TokenReview and
 * SubjectAccessReview {@code v1} posted to a webhook (from {@code --authentication-token-webhook-config-file},
 * {@code --authorization-webhook-config-file}) or to the core cluster's API (delegation, from
 * {@code --authentication-kubeconfig}, {@code --authorization-kubeconfig}), with kube's caches.
 */
package dev.customapiserver.auth.webhook;
