package dev.customapiserver.apis.authentication;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.UserInfo;
import java.util.List;
import java.util.Map;

/** {@code authentication.k8s.io/v1} UserInfo: who a request or a token is. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public final class UserInfoV1 {
  public String username;
  public String uid;
  public List<String> groups;
  public Map<String, List<String>> extra;

  public static UserInfoV1 of(UserInfo user) {
    UserInfoV1 v = new UserInfoV1();
    v.username = user.name();
    v.uid = user.uid();
    v.groups = user.groups();
    v.extra = user.extra();
    return v;
  }
}
