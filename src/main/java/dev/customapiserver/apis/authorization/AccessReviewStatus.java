package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** authorization/v1 SubjectAccessReviewStatus. */
@Description("SubjectAccessReviewStatus")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class AccessReviewStatus {
  @Description("Allowed is required. True if the action would be allowed, false otherwise.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public boolean allowed;
  @Description("Denied is optional. True if the action would be denied, otherwise false.")
  public Boolean denied;
  @Description("Reason is optional.  It indicates why a request was allowed or denied.")
  public String reason;
  @Description("EvaluationError is an indication that some error occurred during the authorization check.")
  public String evaluationError;
}
