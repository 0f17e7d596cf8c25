package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** SelfSubjectAccessReview as served in {@code authorization.k8s.io/v1}: the hub's shape. */
@Description("SelfSubjectAccessReview checks whether or the current user can perform an action.  Not filling in a spec.namespace means \"in all namespaces\".  Self is a special case, because users should always be able to check whether they can perform an action")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class SelfSubjectAccessReviewV1 extends SelfSubjectAccessReview {
}
