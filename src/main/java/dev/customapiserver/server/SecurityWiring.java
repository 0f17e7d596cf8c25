package dev.customapiserver.server;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.reviews.SelfSubjectReviews;
import dev.customapiserver.auth.reviews.TokenReviews;
import dev.customapiserver.auth.x509.CaBundle;
import dev.customapiserver.auth.x509.X509Authenticator;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.LocalhostAdmin;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.auth.TokenFile;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The identity room of the composition root: the authenticators (in kube's order, any that succeeds
 * wins) and the authorizer {@code config} asks for.
 */
final class SecurityWiring {
  private static final System.Logger LOG = System.getLogger(SecurityWiring.class.getName());
  private SecurityWiring() {}

  /**
   * The authentication chain in kube's order: x509 client certificates ({@code --client-ca-file}, else
   * the data directory's own CA when it exists, so the certificates {@code kubeconfig} mints work),
   * then the bearer tokens ({@code --token-auth-file}, the admin token, service account tokens); anonymous
   * requests as {@code --anonymous-auth} says.
   */
  static AuthenticationChain authentication(ServerConfig config, Map<String, UserInfo> tokens, Registry registry) {
    List<Authenticator> authenticators = new ArrayList<>();
    clientCa(config).ifPresent(ca -> authenticators.add(new X509Authenticator(CaBundle.read(ca), Clock.systemUTC())));
    authenticators.add(AuthenticationChain.bearerTokens(List.of(TokenAuthenticator.of(tokens),
        ServiceAccountWiring.authenticator(config, ServiceAccountWiring.keys(config), registry))));
    if (config.flags().bool(Option.AUTHN_ALLOW_LOCALHOST)) {
      LOG.log(System.Logger.Level.WARNING, "*** WARNING: " + Option.AUTHN_ALLOW_LOCALHOST.flag() + "=true: every request "
          + "without credentials from a loopback address (127.0.0.0/8, ::1) is the administrator "
          + LocalhostAdmin.USER.name() + " (group " + SystemGroups.MASTERS + "), over HTTP and HTTPS. Any process on "
          + "this machine can do everything. Use it only for local experiments. ***");
      authenticators.add(new LocalhostAdmin());
    }
    return new AuthenticationChain(authenticators, config.flags().bool(Option.ANONYMOUS_AUTH));
  }

  /**
   * The static bearer tokens: {@code --token-auth-file}'s users and the admin token (in {@code system:masters}).
   *
   * @throws IllegalArgumentException if the token file is malformed (the message names the line)
   */
  static Map<String, UserInfo> tokens(ServerConfig config, String adminToken) {
    Map<String, UserInfo> tokens = new LinkedHashMap<>();
    config.tokenAuthFile().ifPresent(f -> tokens.putAll(TokenFile.read(f)));
    tokens.put(adminToken, UserInfo.of("admin", SystemGroups.MASTERS));
    return tokens;
  }

  /** {@code --client-ca-file}, else {@code <data-dir>/pki/ca.crt} if the server generated its CA there. */
  static Optional<Path> clientCa(ServerConfig config) {
    Optional<Path> flag = config.flags().path(Option.CLIENT_CA_FILE);
    if (flag.isPresent()) {
      return flag;
    }
    Path own = DataDirectory.caCertFile(config.dataDir());
    return Files.isRegularFile(own) ? Optional.of(own) : Optional.empty();
  }

  /**
   * The review APIs (create-only {@link VirtualResource} resources) answering with this server's
   * authentication and authorization: TokenReview and SelfSubjectReview, the access reviews.
   */
  static List<VirtualResource<?>> reviews(ServerConfig config, AuthenticationChain authentication, Authorizer authorizer) {
    List<VirtualResource<?>> reviews = new ArrayList<>();
    reviews.add(SelfSubjectReviews.resource());
    reviews.add(TokenReviews.resource(authentication));
    return reviews;
  }

  /** The authorizer of {@code --authorization-mode} (see {@link AuthorizationWiring}). */
  static Authorizer authorization(ServerConfig config, Registry registry) {
    return AuthorizationWiring.authorizer(config, registry, SecurityWiring::webhookAuthorizer);
  }

  /** The authorizer of {@code --authorization-mode=Webhook} (SubjectAccessReview to the configured webhook). */
  static Authorizer webhookAuthorizer(ServerConfig config) {
    return DelegationWiring.webhookAuthorizer(config);
  }
}
