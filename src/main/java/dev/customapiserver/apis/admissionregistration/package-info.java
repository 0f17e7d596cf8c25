/**
 * The {@code admissionregistration.k8s.io} types: MutatingWebhookConfiguration and
 * ValidatingWebhookConfiguration (cluster-scoped, v1), configuring the admission webhooks the server
 * calls ({@code admission.webhook}).
 *
 * <p>The group has one version, so the hub and v1 top-level types share their nested types
 * ({@link dev.customapiserver.apis.admissionregistration.ValidatingWebhook},
 * {@link dev.customapiserver.apis.admissionregistration.MutatingWebhook}, ...); converters deep-copy
 * them. Defaults follow kube-apiserver's ({@code WebhookDefaults}); the validation is the module's
 * ({@code groups.admissionregistration}).
 */
package dev.customapiserver.apis.admissionregistration;
