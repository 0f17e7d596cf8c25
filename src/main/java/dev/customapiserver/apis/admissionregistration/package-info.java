/**
 * The {@code admissionregistration.k8s.io} group: MutatingWebhookConfiguration and
 * ValidatingWebhookConfiguration (cluster-scoped, v1), configuring the admission webhooks the server
 * calls ({@code dev.customapiserver.admission.webhook}).
 *
 * <p>The group has one version, so the hub and v1 top-level types share their nested types
 * ({@link dev.customapiserver.apis.admissionregistration.ValidatingWebhook},
 * {@link dev.customapiserver.apis.admissionregistration.MutatingWebhook}, ...); converters deep-copy
 * them. Defaults and validation follow kube-apiserver's ({@code WebhookDefaults},
 * {@code WebhookValidation}), with its field paths and messages.
 */
package dev.customapiserver.apis.admissionregistration;
