package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.MutatingPlugin;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.admissionregistration.MutatingWebhook;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfiguration;
import jakarta.json.JsonArray;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

/**
 * Calls the matching mutating webhooks one after the other (configurations by name, webhooks in
 * order), each seeing the object as the previous ones left it, and applies their JSON Patches. A
 * webhook with reinvocationPolicy IfNeeded is called once more if a later webhook changed the object.
 */
final class MutatingAdmissionWebhook extends AdmissionWebhook<MutatingWebhookConfiguration, MutatingWebhook>
    implements MutatingPlugin {
  static final String NAME = "MutatingAdmissionWebhook";
  private final HookCall call;
  private final VersionedObjects objects;
  private final ObjectMapper json;

  MutatingAdmissionWebhook(Lister<MutatingWebhookConfiguration> configurations, Matcher matcher, HookCall call,
      VersionedObjects objects, ObjectMapper json) {
    super(NAME, configurations, MutatingWebhookConfiguration::webhooksOrEmpty, matcher);
    this.call = call;
    this.objects = objects;
    this.json = json;
  }

  @Override
  public void admit(Attributes a) {
    List<Hook<MutatingWebhook>> hooks = hooks();
    KubeObject[] current = {a.object()};
    List<Integer> reinvocable = new ArrayList<>();
    int lastChange = -1;
    for (int i = 0; i < hooks.size(); i++) {
      Hook<MutatingWebhook> h = hooks.get(i);
      Invocation inv = match(h, a, current[0]).orElse(null);
      if (inv == null) {
        continue;
      }
      if (callAndPatch(a, inv, current)) {
        lastChange = i;
      }
      if (MutatingWebhook.IF_NEEDED.equals(h.webhook().reinvocationPolicy)) {
        reinvocable.add(i);
      }
    }
    for (int i : reinvocable) {
      if (i < lastChange) {
        match(hooks.get(i), a, current[0]).ifPresent(inv -> callAndPatch(a, inv, current));
      }
    }
    if (current[0] != a.object()) {
      VersionedObjects.copyInto(current[0], a.object());
    }
  }

  /** Calls one webhook; replaces {@code current[0]} by the patched object; returns whether it changed. */
  private boolean callAndPatch(Attributes a, Invocation inv, KubeObject[] current) {
    String hook = inv.webhook().name;
    HookCall.Sent sent = call.start(a, inv, current[0], true);
    try {
      ReviewResponse r = sent.response().join();
      r.warnings().forEach(a.warnings());
      if (!r.allowed()) {
        throw Verdicts.denied(json, a, hook, r.status());
      }
      if (r.patch() == null) {
        return false;
      }
      JsonArray patch = JsonPatches.decode(r.patch());
      if (patch.isEmpty()) {
        return false;
      }
      if (sent.object() == null) {
        throw Errors.internal("admission webhook \"" + hook + "\" attempted to modify the object, which is not supported "
            + "for this operation", null);
      }
      JsonNode patched = JsonPatches.apply(json, patch, sent.object());
      if (patched.equals(sent.object())) {
        return false;
      }
      current[0] = objects.toHub(patched, inv.type(), inv.version());
      return true;
    } catch (CompletionException e) {
      return failed(inv, e.getCause());
    } catch (CallFailure f) {
      return failed(inv, f);
    }
  }

  /** Returns false where the webhook fails open, else throws the failure. */
  private boolean failed(Invocation inv, Throwable cause) {
    ApiException e = failure(inv, cause);
    if (e != null) {
      throw e;
    }
    return false;
  }
}
