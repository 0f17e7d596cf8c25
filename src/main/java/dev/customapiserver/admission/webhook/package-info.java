/**
 * Admission webhooks: the {@code MutatingAdmissionWebhook} and {@code ValidatingAdmissionWebhook}
 * plugins, which call the HTTPS endpoints configured by admissionregistration.k8s.io/v1
 * Mutating/ValidatingWebhookConfigurations with AdmissionReview v1, as kube-apiserver does.
 *
 * <p>{@link dev.customapiserver.admission.webhook.WebhookPlugins} builds both. They read the
 * configurations and namespaces through the server's listers (watch cache), match webhooks by rules
 * (with matchPolicy), namespace and object selectors, convert the hub object to the matched version,
 * POST the review trusting exactly the webhook's {@code caBundle} (system roots if empty) within its
 * {@code timeoutSeconds}, apply mutating webhooks' JSON Patches in order, call validating webhooks in
 * parallel, pass warnings on, and apply {@code failurePolicy} to call failures, with kube-apiserver's
 * error wording. {@code clientConfig.service} is called at
 * {@code https://<name>.<namespace>.svc:<port><path>}, as a generic (aggregated) API server does: it
 * works only where that name resolves.
 */
package dev.customapiserver.admission.webhook;
