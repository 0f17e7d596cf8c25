/**
 * Auditing as kube-apiserver's {@code --audit-policy-file} and {@code --audit-log-*}: the {@code
 * audit.k8s.io/v1} Policy and its evaluator (which level, which stages, for a user and request), the
 * {@code audit.k8s.io/v1} Event and the rotating JSON-lines log it is written to.
 */
package dev.customapiserver.auth.audit;
