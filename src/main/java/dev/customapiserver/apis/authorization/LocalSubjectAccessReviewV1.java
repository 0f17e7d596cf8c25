package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** LocalSubjectAccessReview as served in {@code authorization.k8s.io/v1}: the hub's shape. */
@Description("LocalSubjectAccessReview checks whether or not a user or group can perform an action in a given namespace. Having a namespace scoped resource makes it much easier to grant namespace scoped policy that includes permissions checking.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class LocalSubjectAccessReviewV1 extends LocalSubjectAccessReview {
}
