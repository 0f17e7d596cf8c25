package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** SubjectAccessReview as served in {@code authorization.k8s.io/v1}: the hub's shape. */
@Description("SubjectAccessReview checks whether or not a user or group can perform an action.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class SubjectAccessReviewV1 extends SubjectAccessReview {
}
