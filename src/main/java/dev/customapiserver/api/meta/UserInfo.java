package dev.customapiserver.api.meta;

import java.util.List;
import java.util.Map;

/** The authenticated user of a request (authentication.k8s.io UserInfo). */
public record UserInfo(String name, String uid, List<String> groups, Map<String, List<String>> extra) {
  /** The servlet request attribute the authentication filter stores the user under. */
  public static final String REQUEST_ATTRIBUTE = "dev.customapiserver.user";

  public UserInfo {
    groups = List.copyOf(groups);
    extra = Map.copyOf(extra);
  }

  public static UserInfo of(String name, String... groups) {
    return new UserInfo(name, "", List.of(groups), Map.of());
  }
}
