package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;

/** authorization/v1 LocalSubjectAccessReview (hub); create-only, never stored. */
@Description("LocalSubjectAccessReview checks whether or not a user or group can perform an action in a given namespace. Having a namespace scoped resource makes it much easier to grant namespace scoped policy that includes permissions checking.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class LocalSubjectAccessReview extends KubeObject {
  @Description("Spec holds information about the request being evaluated")
  public AccessReviewSpec spec = new AccessReviewSpec();
  @Description("Status is filled in by the server and indicates whether the request is allowed or not")
  public AccessReviewStatus status;

  /** A shallow copy of this into {@code c}: the review's answer is a new object sharing the request's parts. */
  public <T extends LocalSubjectAccessReview> T copyTo(T c) {
    c.metadata = metadata == null ? null : metadata.copy();
    c.spec = spec == null ? new AccessReviewSpec() : spec;
    c.status = status;
    return c;
  }
}
