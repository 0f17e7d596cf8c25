package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.List;
import java.util.Map;

/**
 * authorization/v1 SubjectAccessReviewSpec (user, groups, extra, uid set) and
 * SelfSubjectAccessReviewSpec (only the attributes): exactly one of the attributes must be set.
 */
@Description("SubjectAccessReviewSpec is a description of the access request.  Exactly one of ResourceAuthorizationAttributes "
    + "and NonResourceAuthorizationAttributes must be set")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class AccessReviewSpec {
  @Description("ResourceAuthorizationAttributes describes information for a resource access request")
  public ResourceAttributes resourceAttributes;
  @Description("NonResourceAttributes describes information for a non-resource access request")
  public NonResourceAttributes nonResourceAttributes;
  @Description("User is the user you're testing for. If you specify \"User\" but not \"Groups\", then is it interpreted as "
      + "\"What if User were not a member of any groups")
  public String user;
  @Description("Groups is the groups you're testing for.")
  public List<String> groups;
  @Description("Extra corresponds to the user.Info.GetExtra() method from the authenticator.  Since that is input to the "
      + "authorizer it needs a reflection here.")
  public Map<String, List<String>> extra;
  @Description("UID information about the requesting user.")
  public String uid;
}
