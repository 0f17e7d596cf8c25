package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import java.util.Map;
import java.util.Optional;

/** Turns a bearer token into a user. */
public interface TokenAuthenticator {

  /** The user the token belongs to (with {@code system:authenticated}), or empty if unknown. */
  Optional<UserInfo> authenticate(String token);

  /** A fixed table of tokens, e.g. the admin token plus the lines of a token file. */
  static TokenAuthenticator of(Map<String, UserInfo> tokens) {
    return new StaticTokens(tokens);
  }
}
