package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;

/** authorization/v1 SelfSubjectRulesReview (hub); create-only, never stored. */
@Description("SelfSubjectRulesReview enumerates the set of actions the current user can perform within a namespace. The returned list of actions may be incomplete depending on the server's authorization mode, and any errors experienced during the evaluation.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class SelfSubjectRulesReview extends KubeObject {
  @Description("Spec holds information about the request being evaluated")
  public RulesReviewSpec spec = new RulesReviewSpec();
  @Description("Status is filled in by the server and indicates whether the request is allowed or not")
  public RulesReviewStatus status;

  /** A shallow copy of this into {@code c}: the review's answer is a new object sharing the request's parts. */
  public <T extends SelfSubjectRulesReview> T copyTo(T c) {
    c.metadata = metadata == null ? null : metadata.copy();
    c.spec = spec == null ? new RulesReviewSpec() : spec;
    c.status = status;
    return c;
  }
}
