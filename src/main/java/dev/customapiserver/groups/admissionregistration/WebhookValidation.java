package dev.customapiserver.groups.admissionregistration;

import dev.customapiserver.apis.admissionregistration.MutatingWebhook;
import dev.customapiserver.apis.admissionregistration.RuleWithOperations;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.meta.SelectorValidation;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.validation.NameRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Validation of a webhook configuration's {@code webhooks[]}, with kube-apiserver's paths and messages.
 * Differences, because this server can do less: {@code sideEffects} must be None or NoneOnDryRun (as
 * kube-apiserver requires on create), {@code admissionReviewVersions} must include {@code v1} (the only
 * version sent), and {@code matchConditions} (CEL) are refused.
 */
public final class WebhookValidation {
  static final List<String> FAILURE_POLICIES = List.of(Webhook.FAIL, Webhook.IGNORE);
  static final List<String> MATCH_POLICIES = List.of(Webhook.EQUIVALENT, Webhook.EXACT);
  static final List<String> SIDE_EFFECTS = List.of(Webhook.SIDE_EFFECTS_NONE, Webhook.SIDE_EFFECTS_NONE_ON_DRY_RUN);
  static final List<String> REINVOCATION = List.of(MutatingWebhook.IF_NEEDED, MutatingWebhook.NEVER);
  static final List<String> REVIEW_VERSIONS = List.of("v1");

  private WebhookValidation() {}

  static List<FieldError> configuration(List<? extends Webhook> webhooks) {
    List<FieldError> errs = new ArrayList<>();
    Set<String> names = new HashSet<>();
    List<? extends Webhook> hooks = webhooks == null ? List.of() : webhooks;
    for (int i = 0; i < hooks.size(); i++) {
      String path = "webhooks[" + i + "]";
      Webhook w = hooks.get(i);
      if (w == null) {
        errs.add(FieldError.required(path, ""));
        continue;
      }
      errs.addAll(webhook(w, path));
      errs.addAll(reviewVersions(RuleValidation.orEmpty(w.admissionReviewVersions), path + ".admissionReviewVersions"));
      if (w.name != null && !w.name.isEmpty() && !names.add(w.name)) {
        errs.add(FieldError.duplicate(path + ".name", w.name));
      }
    }
    return errs;
  }

  private static List<FieldError> webhook(Webhook w, String path) {
    List<FieldError> errs = new ArrayList<>(fullyQualifiedName(w.name, path + ".name"));
    List<RuleWithOperations> rules = w.rules == null ? List.of() : w.rules;
    for (int i = 0; i < rules.size(); i++) {
      if (rules.get(i) == null) {
        errs.add(FieldError.required(path + ".rules[" + i + "]", ""));
      } else {
        errs.addAll(RuleValidation.validate(rules.get(i), path + ".rules[" + i + "]"));
      }
    }
    if (w.failurePolicy != null && !FAILURE_POLICIES.contains(w.failurePolicy)) {
      errs.add(FieldError.notSupported(path + ".failurePolicy", w.failurePolicy, FAILURE_POLICIES));
    }
    if (w.matchPolicy != null && !MATCH_POLICIES.contains(w.matchPolicy)) {
      errs.add(FieldError.notSupported(path + ".matchPolicy", w.matchPolicy, MATCH_POLICIES));
    }
    if (w.sideEffects == null) {
      errs.add(FieldError.required(path + ".sideEffects", "must specify one of " + String.join(", ", SIDE_EFFECTS)));
    } else if (!SIDE_EFFECTS.contains(w.sideEffects)) {
      errs.add(FieldError.notSupported(path + ".sideEffects", w.sideEffects, SIDE_EFFECTS));
    }
    if (w.timeoutSeconds != null && (w.timeoutSeconds > 30 || w.timeoutSeconds < 1)) {
      errs.add(FieldError.invalid(path + ".timeoutSeconds", w.timeoutSeconds, "the timeout value must be between 1 and 30 seconds"));
    }
    errs.addAll(SelectorValidation.validate(w.namespaceSelector, path + ".namespaceSelector"));
    errs.addAll(SelectorValidation.validate(w.objectSelector, path + ".objectSelector"));
    if (w instanceof MutatingWebhook m && m.reinvocationPolicy != null && !REINVOCATION.contains(m.reinvocationPolicy)) {
      errs.add(FieldError.notSupported(path + ".reinvocationPolicy", m.reinvocationPolicy, REINVOCATION));
    }
    errs.addAll(ClientConfigValidation.validate(w.clientConfig, path + ".clientConfig"));
    if (w.matchConditions != null && !w.matchConditions.isEmpty()) {
      errs.add(FieldError.forbidden(path + ".matchConditions", "match conditions (CEL) are not supported by this server"));
    }
    return errs;
  }

  /** utilvalidation.IsFullyQualifiedName: a DNS subdomain with at least three segments. */
  private static List<FieldError> fullyQualifiedName(String name, String path) {
    if (name == null || name.isEmpty()) {
      return List.of(FieldError.required(path, ""));
    }
    List<String> problems = NameRules.dns1123Subdomain(name);
    if (!problems.isEmpty()) {
      return List.of(FieldError.invalid(path, name, String.join(",", problems)));
    }
    if (name.split("\\.", -1).length < 3) {
      return List.of(FieldError.invalid(path, name, "should be a domain with at least three segments separated by dots"));
    }
    return List.of();
  }

  private static List<FieldError> reviewVersions(List<String> versions, String path) {
    List<FieldError> errs = new ArrayList<>();
    if (versions.isEmpty()) {
      errs.add(FieldError.required(path, "must specify one of " + String.join(", ", REVIEW_VERSIONS)));
      return errs;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < versions.size(); i++) {
      String v = versions.get(i) == null ? "" : versions.get(i);
      if (!seen.add(v)) {
        errs.add(FieldError.invalid(path + "[" + i + "]", v, "duplicate version"));
      }
    }
    if (!seen.contains("v1")) {
      errs.add(FieldError.invalid(path, RuleValidation.goList(versions),
          "must include at least one of " + String.join(", ", REVIEW_VERSIONS)));
    }
    return errs;
  }
}
