package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.MutatingPlugin;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.admissionregistration.MutatingWebhook;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfiguration;
import jakarta.json.JsonArray;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;

/**
 * Calls the matching mutating webhooks one after the other (configurations by name, webhooks in
 * order), each seeing the object as the previous ones left it, and applies their JSON Patches. A
 * webhook with reinvocationPolicy IfNeeded is called once more if a later webhook changed the object.
 */
final class MutatingAdmissionWebhook implements MutatingPlugin {
  static final String NAME = "MutatingAdmissionWebhook";
  private static final System.Logger LOG = System.getLogger(MutatingAdmissionWebhook.class.getName());
  private final Lister<MutatingWebhookConfiguration> configurations;
  private final Matcher matcher;
  private final HookCall call;
  private final VersionedObjects objects;
  private final ObjectMapper json;

  MutatingAdmissionWebhook(Lister<MutatingWebhookConfiguration> configurations, Matcher matcher, HookCall call,
      VersionedObjects objects, ObjectMapper json) {
    this.configurations = configurations;
    this.matcher = matcher;
    this.call = call;
    this.objects = objects;
    this.json = json;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<Operation> operations() {
    return EnumSet.allOf(Operation.class);
  }

  @Override
  public boolean handles(Attributes a) {
    return MutatingPlugin.super.handles(a) && !Matcher.exempt(a);
  }

  /** The webhooks of all configurations, in call order, with their configuration's name. */
  private record Hook(MutatingWebhook webhook, String configuration) {}

  @Override
  public void admit(Attributes a) {
    List<MutatingWebhookConfiguration> configs = new ArrayList<>(configurations.list(null));
    configs.sort(Comparator.comparing(c -> c.metadata().name));
    List<Hook> hooks = new ArrayList<>();
    configs.forEach(c -> c.webhooksOrEmpty().forEach(w -> hooks.add(new Hook(w, c.metadata().name))));
    KubeObject[] current = {a.object()};
    List<Integer> reinvocable = new ArrayList<>();
    int lastChange = -1;
    for (int i = 0; i < hooks.size(); i++) {
      Hook h = hooks.get(i);
      Invocation inv = matcher.match(h.webhook(), h.configuration(), a, current[0]).orElse(null);
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
        Hook h = hooks.get(i);
        matcher.match(h.webhook(), h.configuration(), a, current[0]).ifPresent(inv -> callAndPatch(a, inv, current));
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

  private static boolean failed(Invocation inv, Throwable cause) {
    String hook = inv.webhook().name;
    if (cause instanceof CallFailure f) {
      if (inv.webhook().ignoresFailures()) {
        LOG.log(System.Logger.Level.WARNING, "Failed calling webhook, failing open {0}: {1}", hook, f.describe(hook));
        return false;
      }
      LOG.log(System.Logger.Level.WARNING, "Failed calling webhook, failing closed {0}: {1}", hook, f.describe(hook));
      throw Verdicts.failedCalling(hook, f);
    }
    throw cause instanceof ApiException api ? api : Errors.internal(String.valueOf(cause), cause);
  }
}
