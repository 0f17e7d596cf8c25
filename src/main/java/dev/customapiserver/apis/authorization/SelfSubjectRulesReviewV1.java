package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** SelfSubjectRulesReview as served in {@code authorization.k8s.io/v1}: the hub's shape. */
@Description("SelfSubjectRulesReview enumerates the set of actions the current user can perform within a namespace. The returned list of actions may be incomplete depending on the server's authorization mode, and any errors experienced during the evaluation.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class SelfSubjectRulesReviewV1 extends SelfSubjectRulesReview {
}
