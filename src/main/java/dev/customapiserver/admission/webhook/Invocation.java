package dev.customapiserver.admission.webhook;

import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.runtime.GroupVersionKind;
import dev.customapiserver.runtime.ResourceType;

/**
 * One webhook to call for a request, and the version it is called in: the request's own, or (with
 * matchPolicy Equivalent) another version of the same resource that its rules match.
 *
 * @param configuration the name of the configuration the webhook belongs to
 */
record Invocation(Webhook webhook, String configuration, ResourceType<?> type, String version) {

  GroupVersionKind kind() {
    return new GroupVersionKind(type.group(), version, type.kind());
  }
}
