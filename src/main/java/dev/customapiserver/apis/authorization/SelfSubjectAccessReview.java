package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;

/** authorization/v1 SelfSubjectAccessReview (hub); create-only, never stored. */
@Description("SelfSubjectAccessReview checks whether or the current user can perform an action.  Not filling in a spec.namespace means \"in all namespaces\".  Self is a special case, because users should always be able to check whether they can perform an action")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class SelfSubjectAccessReview extends KubeObject {
  @Description("Spec holds information about the request being evaluated")
  public AccessReviewSpec spec = new AccessReviewSpec();
  @Description("Status is filled in by the server and indicates whether the request is allowed or not")
  public AccessReviewStatus status;

  /** A shallow copy of this into {@code c}: the review's answer is a new object sharing the request's parts. */
  public <T extends SelfSubjectAccessReview> T copyTo(T c) {
    c.metadata = metadata == null ? null : metadata.copy();
    c.spec = spec == null ? new AccessReviewSpec() : spec;
    c.status = status;
    return c;
  }
}
