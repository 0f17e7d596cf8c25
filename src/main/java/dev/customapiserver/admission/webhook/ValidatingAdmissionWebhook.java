package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhook;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

/** Calls the matching validating webhooks in parallel; the first denial or failure (in configuration order) wins. */
final class ValidatingAdmissionWebhook extends AdmissionWebhook<ValidatingWebhookConfiguration, ValidatingWebhook>
    implements ValidatingPlugin {
  static final String NAME = "ValidatingAdmissionWebhook";
  private final HookCall call;
  private final ObjectMapper json;

  ValidatingAdmissionWebhook(Lister<ValidatingWebhookConfiguration> configurations, Matcher matcher, HookCall call,
      ObjectMapper json) {
    super(NAME, configurations, ValidatingWebhookConfiguration::webhooksOrEmpty, matcher);
    this.call = call;
    this.json = json;
  }

  @Override
  public void validate(Attributes a) {
    List<Invocation> invocations = new ArrayList<>();
    for (Hook<ValidatingWebhook> h : hooks()) {
      match(h, a, a.object()).ifPresent(invocations::add);
    }
    List<HookCall.Sent> calls = new ArrayList<>();
    for (Invocation inv : invocations) {
      calls.add(call.start(a, inv, a.object(), false));
    }
    ApiException first = null;
    for (int i = 0; i < calls.size(); i++) {
      ApiException e = outcome(a, invocations.get(i), calls.get(i));
      first = first == null ? e : first;
    }
    if (first != null) {
      throw first;
    }
  }

  private ApiException outcome(Attributes a, Invocation inv, HookCall.Sent sent) {
    String hook = inv.webhook().name;
    ReviewResponse r;
    try {
      r = sent.response().join();
    } catch (CompletionException e) {
      return failure(inv, e.getCause());
    }
    r.warnings().forEach(a.warnings());
    return r.allowed() ? null : Verdicts.denied(json, a, hook, r.status());
  }
}
