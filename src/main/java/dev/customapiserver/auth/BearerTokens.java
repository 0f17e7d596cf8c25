package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import java.util.List;
import java.util.Optional;

/**
 * kube's bearer-token authenticator over a union of token authenticators (token file, webhook ...):
 * the first that knows the token names the user; a token none knows is rejected as
 * {@code invalid bearer token}.
 */
final class BearerTokens implements Authenticator {
  private final List<TokenAuthenticator> tokens;

  BearerTokens(List<TokenAuthenticator> tokens) {
    this.tokens = List.copyOf(tokens);
  }

  @Override
  public Result authenticate(Credentials credentials) {
    if (credentials.invalidTokenOffer()) {
      return Result.rejected("invalid bearer token");
    }
    if (credentials.bearerToken().isEmpty()) {
      return Result.notRecognized();
    }
    String token = credentials.bearerToken().get();
    for (TokenAuthenticator t : tokens) {
      Optional<UserInfo> user = t.authenticate(token);
      if (user.isPresent()) {
        return new Result.Authenticated(user.get());
      }
    }
    return Result.rejected("invalid bearer token");
  }
}
