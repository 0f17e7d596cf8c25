package dev.customapiserver.apis.admissionregistration;

import dev.customapiserver.apis.meta.LabelSelector;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;
import dev.customapiserver.schema.Default;
import java.util.ArrayList;
import java.util.List;

/** What validating and mutating webhooks have in common: where they are, what they match, how failures count. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public abstract class Webhook {
  public static final String FAIL = "Fail";
  public static final String IGNORE = "Ignore";
  public static final String EXACT = "Exact";
  public static final String EQUIVALENT = "Equivalent";
  public static final String SIDE_EFFECTS_NONE = "None";
  public static final String SIDE_EFFECTS_NONE_ON_DRY_RUN = "NoneOnDryRun";

  @Description("The name of the admission webhook. Name should be fully qualified, e.g., imagepolicy.kubernetes.io, "
      + "where \"imagepolicy\" is the name of the webhook, and kubernetes.io is the name of the organization. Required.")
  public String name;
  @Description("ClientConfig defines how to communicate with the hook. Required")
  public WebhookClientConfig clientConfig;
  @Description("Rules describes what operations on what resources/subresources the webhook cares about. The webhook "
      + "cares about an operation if it matches _any_ Rule. Webhooks are never called for requests on "
      + "ValidatingWebhookConfiguration and MutatingWebhookConfiguration objects.")
  public List<RuleWithOperations> rules;
  @Description("FailurePolicy defines how unrecognized errors from the admission endpoint are handled - allowed values "
      + "are Ignore or Fail. Defaults to Fail.")
  @Enum({FAIL, IGNORE})
  @Default(FAIL)
  public String failurePolicy;
  @Description("matchPolicy defines how the \"rules\" list is used to match incoming requests. Allowed values are "
      + "\"Exact\" or \"Equivalent\" (a request in another version of a matched resource is sent, converted to the "
      + "matched version). Defaults to \"Equivalent\"")
  @Enum({EXACT, EQUIVALENT})
  @Default(EQUIVALENT)
  public String matchPolicy;
  @Description("NamespaceSelector decides whether to run the webhook on an object based on whether the namespace for "
      + "that object matches the selector. If the object itself is a namespace, the matching is performed on "
      + "object.metadata.labels. Default to the empty LabelSelector, which matches everything.")
  public LabelSelector namespaceSelector;
  @Description("ObjectSelector decides whether to run the webhook based on if the object has matching labels. "
      + "objectSelector is evaluated against both the oldObject and newObject that would be sent to the webhook, and is "
      + "considered to match if either object matches the selector. Default to the empty LabelSelector, which matches "
      + "everything.")
  public LabelSelector objectSelector;
  @Description("SideEffects states whether this webhook has side effects. Acceptable values are: None, NoneOnDryRun. "
      + "Requests with the dryRun attribute will be auto-rejected if they match a webhook with sideEffects == Unknown "
      + "or Some.")
  @Enum({SIDE_EFFECTS_NONE, SIDE_EFFECTS_NONE_ON_DRY_RUN})
  public String sideEffects;
  @Description("TimeoutSeconds specifies the timeout for this webhook. After the timeout passes, the webhook call will "
      + "be ignored or the API call will fail based on the failure policy. The timeout value must be between 1 and 30 "
      + "seconds. Default to 10 seconds.")
  @Default("10")
  public Integer timeoutSeconds;
  @Description("AdmissionReviewVersions is an ordered list of preferred `AdmissionReview` versions the Webhook "
      + "expects. This server sends v1, which the list must include. Required.")
  public List<String> admissionReviewVersions;
  @Description("MatchConditions is a list of CEL conditions that must be met for a request to be sent to this "
      + "webhook. Not supported by this server: a webhook with match conditions is refused.")
  public List<MatchCondition> matchConditions;

  /** One CEL match condition (accepted on the wire, refused by validation). */
  @Description("MatchCondition represents a condition which must by fulfilled for a request to be sent to a webhook.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class MatchCondition {
    @Description("Name is an identifier for this match condition. Required.")
    public String name;
    @Description("Expression represents the expression which will be evaluated by CEL. Required.")
    public String expression;
  }

  /** The effective failure policy: {@code Ignore} only when set so. */
  public boolean ignoresFailures() {
    return IGNORE.equals(failurePolicy);
  }

  /** Copies this webhook's fields, deeply, into {@code c}. */
  public void copyInto(Webhook c) {
    c.name = name;
    c.clientConfig = clientConfig == null ? null : clientConfig.copy();
    c.rules = rules == null ? null : new ArrayList<>(rules.stream().map(r -> r == null ? null : r.copy()).toList());
    c.failurePolicy = failurePolicy;
    c.matchPolicy = matchPolicy;
    c.namespaceSelector = namespaceSelector == null ? null : namespaceSelector.copy();
    c.objectSelector = objectSelector == null ? null : objectSelector.copy();
    c.sideEffects = sideEffects;
    c.timeoutSeconds = timeoutSeconds;
    c.admissionReviewVersions = RuleWithOperations.copyOf(admissionReviewVersions);
    c.matchConditions = matchConditions == null ? null : new ArrayList<>(matchConditions.stream().map(m -> {
      MatchCondition mc = new MatchCondition();
      mc.name = m.name;
      mc.expression = m.expression;
      return mc;
    }).toList());
  }
}
