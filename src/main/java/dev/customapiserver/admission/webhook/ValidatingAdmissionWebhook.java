package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhook;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;

/** Calls the matching validating webhooks in parallel; the first denial or failure (in configuration order) wins. */
final class ValidatingAdmissionWebhook implements ValidatingPlugin {
  static final String NAME = "ValidatingAdmissionWebhook";
  private static final System.Logger LOG = System.getLogger(ValidatingAdmissionWebhook.class.getName());
  private final Lister<ValidatingWebhookConfiguration> configurations;
  private final Matcher matcher;
  private final HookCall call;
  private final ObjectMapper json;

  ValidatingAdmissionWebhook(Lister<ValidatingWebhookConfiguration> configurations, Matcher matcher, HookCall call,
      ObjectMapper json) {
    this.configurations = configurations;
    this.matcher = matcher;
    this.call = call;
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
    return ValidatingPlugin.super.handles(a) && !Matcher.exempt(a);
  }

  @Override
  public void validate(Attributes a) {
    List<Invocation> invocations = new ArrayList<>();
    List<ValidatingWebhookConfiguration> configs = new ArrayList<>(configurations.list(null));
    configs.sort(Comparator.comparing(c -> c.metadata().name));
    for (ValidatingWebhookConfiguration c : configs) {
      for (ValidatingWebhook w : c.webhooksOrEmpty()) {
        matcher.match(w, c.metadata().name, a, a.object()).ifPresent(invocations::add);
      }
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
      Throwable cause = e.getCause();
      if (cause instanceof CallFailure f) {
        if (inv.webhook().ignoresFailures()) {
          LOG.log(System.Logger.Level.WARNING, "Failed calling webhook, failing open {0}: {1}", hook, f.describe(hook));
          return null;
        }
        LOG.log(System.Logger.Level.WARNING, "Failed calling webhook, failing closed {0}: {1}", hook, f.describe(hook));
        return Verdicts.failedCalling(hook, f);
      }
      return cause instanceof ApiException api ? api : Errors.internal(String.valueOf(cause), cause);
    }
    r.warnings().forEach(a.warnings());
    return r.allowed() ? null : Verdicts.denied(json, a, hook, r.status());
  }
}
