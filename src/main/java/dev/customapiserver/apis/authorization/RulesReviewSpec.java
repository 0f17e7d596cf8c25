package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** authorization/v1 SelfSubjectRulesReviewSpec. */
@Description("SelfSubjectRulesReviewSpec defines the specification for SelfSubjectRulesReview.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RulesReviewSpec {
  @Description("Namespace to evaluate rules for. Required.")
  public String namespace;
}
