package dev.customapiserver.auth.reviews;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.authorization.AccessReviewSpec;
import dev.customapiserver.apis.authorization.AccessReviewStatus;
import dev.customapiserver.apis.authorization.AuthorizationGroup;
import dev.customapiserver.apis.authorization.LocalSubjectAccessReview;
import dev.customapiserver.apis.authorization.NonResourceAttributes;
import dev.customapiserver.apis.authorization.ResourceAttributes;
import dev.customapiserver.apis.authorization.RulesReviewStatus;
import dev.customapiserver.apis.authorization.SelfSubjectAccessReview;
import dev.customapiserver.apis.authorization.SelfSubjectRulesReview;
import dev.customapiserver.apis.authorization.SubjectAccessReview;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.rbac.RuleResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/** The answers of the four reviews, as kube's registry/authorization: the server's authorizer asked for the spec. */
public final class AccessReviews {
  private final Supplier<Authorizer> authorizer;
  private final BiFunction<UserInfo, String, RuleResolver.Rules> rules;

  public AccessReviews(Supplier<Authorizer> authorizer, BiFunction<UserInfo, String, RuleResolver.Rules> rules) {
    this.authorizer = authorizer;
    this.rules = rules;
  }

  public SubjectAccessReview subject(SubjectAccessReview in, String namespace, UserInfo requester) {
    List<FieldError> errs = attributesErrors(in.spec);
    if (empty(in.spec.user) && (in.spec.groups == null || in.spec.groups.isEmpty())) {
      errs.add(FieldError.invalid("spec.user", in.spec.user == null ? "" : in.spec.user, "at least one of user or group must be specified"));
    }
    invalidIf(errs, "SubjectAccessReview");
    SubjectAccessReview out = in.copyTo(new SubjectAccessReview());
    out.status = check(in.spec, subjectOf(in.spec));
    return out;
  }

  public LocalSubjectAccessReview local(LocalSubjectAccessReview in, String namespace, UserInfo requester) {
    List<FieldError> errs = attributesErrors(in.spec);
    if (empty(in.spec.user) && (in.spec.groups == null || in.spec.groups.isEmpty())) {
      errs.add(FieldError.invalid("spec.user", in.spec.user == null ? "" : in.spec.user, "at least one of user or group must be specified"));
    }
    // kube's ValidateLocalSubjectAccessReview: metadata.namespace is the URL's (the create handler sets it)
    if (in.spec.resourceAttributes != null && !namespace.equals(ResourceAttributes.orEmpty(in.spec.resourceAttributes.namespace))) {
      errs.add(FieldError.invalid("spec.resourceAttributes.namespace", ResourceAttributes.orEmpty(in.spec.resourceAttributes.namespace),
          "must match metadata.namespace"));
    }
    if (in.spec.nonResourceAttributes != null) {
      errs.add(FieldError.invalid("spec.nonResourceAttributes", new FieldError.Raw("{...}"), "disallowed on this kind of request"));
    }
    invalidIf(errs, "LocalSubjectAccessReview");
    LocalSubjectAccessReview out = in.copyTo(new LocalSubjectAccessReview());
    out.status = check(in.spec, subjectOf(in.spec));
    return out;
  }

  public SelfSubjectAccessReview self(SelfSubjectAccessReview in, String namespace, UserInfo requester) {
    invalidIf(attributesErrors(in.spec), "SelfSubjectAccessReview");
    SelfSubjectAccessReview out = in.copyTo(new SelfSubjectAccessReview());
    out.status = check(in.spec, requester);
    return out;
  }

  public SelfSubjectRulesReview selfRules(SelfSubjectRulesReview in, String namespace, UserInfo requester) {
    if (empty(in.spec.namespace)) {
      throw Errors.badRequest("no namespace on request");
    }
    RuleResolver.Rules held = rules.apply(requester, in.spec.namespace);
    RulesReviewStatus status = new RulesReviewStatus();
    for (PolicyRule r : held.rules()) {
      if (!r.nonResourceURLs().isEmpty()) {
        RulesReviewStatus.NonResourceRule n = new RulesReviewStatus.NonResourceRule();
        n.verbs = new ArrayList<>(r.verbs());
        n.nonResourceURLs = new ArrayList<>(r.nonResourceURLs());
        status.nonResourceRules.add(n);
      } else {
        RulesReviewStatus.ResourceRule rr = new RulesReviewStatus.ResourceRule();
        rr.verbs = new ArrayList<>(r.verbs());
        rr.apiGroups = new ArrayList<>(r.apiGroups());
        rr.resources = new ArrayList<>(r.resources());
        rr.resourceNames = r.resourceNames().isEmpty() ? null : new ArrayList<>(r.resourceNames());
        status.resourceRules.add(rr);
      }
    }
    if (!held.errors().isEmpty()) {
      status.incomplete = true;
      status.evaluationError = String.join(", ", held.errors());
    }
    SelfSubjectRulesReview out = in.copyTo(new SelfSubjectRulesReview());
    out.status = status;
    return out;
  }

  private AccessReviewStatus check(AccessReviewSpec spec, UserInfo user) {
    AuthorizationAttributes attrs;
    if (spec.resourceAttributes != null) {
      ResourceAttributes r = spec.resourceAttributes;
      attrs = new AuthorizationAttributes(user, ResourceAttributes.orEmpty(r.verb), true, ResourceAttributes.orEmpty(r.group),
          ResourceAttributes.orEmpty(r.version), ResourceAttributes.orEmpty(r.resource), ResourceAttributes.orEmpty(r.subresource),
          ResourceAttributes.orEmpty(r.namespace), ResourceAttributes.orEmpty(r.name), "");
    } else {
      NonResourceAttributes n = spec.nonResourceAttributes;
      attrs = AuthorizationAttributes.nonResource(user, ResourceAttributes.orEmpty(n.verb), ResourceAttributes.orEmpty(n.path));
    }
    Authorizer.Decision d = authorizer.get().authorize(attrs);
    AccessReviewStatus s = new AccessReviewStatus();
    s.allowed = d.allowed();
    s.denied = d.verdict() == Authorizer.Verdict.DENY ? Boolean.TRUE : null;
    s.reason = d.reason().isEmpty() ? null : d.reason();
    return s;
  }

  private static UserInfo subjectOf(AccessReviewSpec spec) {
    return new UserInfo(spec.user == null ? "" : spec.user, spec.uid == null ? "" : spec.uid,
        spec.groups == null ? List.of() : spec.groups, spec.extra == null ? Map.of() : spec.extra);
  }

  private static List<FieldError> attributesErrors(AccessReviewSpec spec) {
    List<FieldError> errs = new ArrayList<>();
    if (spec.resourceAttributes != null && spec.nonResourceAttributes != null) {
      errs.add(FieldError.invalid("spec.nonResourceAttributes", new FieldError.Raw("{...}"),
          "cannot be specified in combination with resourceAttributes"));
    }
    if (spec.resourceAttributes == null && spec.nonResourceAttributes == null) {
      errs.add(FieldError.invalid("spec.resourceAttributes", new FieldError.Raw("null"),
          "exactly one of nonResourceAttributes or resourceAttributes must be specified"));
    }
    return errs;
  }

  private static void invalidIf(List<FieldError> errs, String kind) {
    if (!errs.isEmpty()) {
      throw Errors.invalid(new Errors.Kind(AuthorizationGroup.NAME, kind), "", errs);
    }
  }

  private static boolean empty(String s) {
    return s == null || s.isEmpty();
  }
}
