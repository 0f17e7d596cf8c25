package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tokens known in advance; every user it returns is also in {@code system:authenticated}. */
final class StaticTokens implements TokenAuthenticator {
  private final Map<String, UserInfo> users = new HashMap<>();

  StaticTokens(Map<String, UserInfo> tokens) {
    tokens.forEach((token, user) -> users.put(token, withAuthenticated(user)));
  }

  @Override
  public Optional<UserInfo> authenticate(String token) {
    return token == null || token.isEmpty() ? Optional.empty() : Optional.ofNullable(users.get(token));
  }

  private static UserInfo withAuthenticated(UserInfo u) {
    if (u.groups().contains(SystemGroups.AUTHENTICATED)) {
      return u;
    }
    List<String> groups = new ArrayList<>(u.groups());
    groups.add(SystemGroups.AUTHENTICATED);
    return new UserInfo(u.name(), u.uid(), groups, u.extra());
  }
}
