package dev.customapiserver.server;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.server.config.ServerConfig;
import java.util.List;
import java.util.Map;

/**
 * The identity room of the composition root: the authenticators (in kube's order, any that succeeds
 * wins) and the authorizer {@code config} asks for.
 */
final class SecurityWiring {
  private SecurityWiring() {}

  /** The authentication chain: the static tokens (admin token and {@code --token-auth-file}), service account tokens. */
  static AuthenticationChain authentication(ServerConfig config, Map<String, UserInfo> tokens, Registry registry) {
    return AuthenticationChain.ofTokens(List.of(TokenAuthenticator.of(tokens),
        ServiceAccountWiring.authenticator(config, ServiceAccountWiring.keys(config), registry)));
  }

  /** The authorizer of {@code --authorization-mode} (see {@link AuthorizationWiring}). */
  static Authorizer authorization(ServerConfig config, Registry registry) {
    return AuthorizationWiring.authorizer(config, registry, SecurityWiring::webhookAuthorizer);
  }

  /** The authorizer of {@code --authorization-mode=Webhook} (SubjectAccessReview to the configured webhook). */
  static Authorizer webhookAuthorizer(ServerConfig config) {
    throw dev.customapiserver.server.config.ConfigException.invalid("authorization-mode Webhook is not supported yet");
  }
}
