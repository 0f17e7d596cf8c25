/**
 * The ordered admission chain: which plugins run (kube-apiserver's {@code --enable-admission-plugins}
 * and {@code --disable-admission-plugins}), in which order (NamespaceLifecycle first, the webhook
 * plugins last), and the two phases (mutating plugins, then after validation the validating ones).
 * Depends on nothing but the admission contracts and the API error types.
 */
package dev.customapiserver.admission.chain;
