package dev.customapiserver.server;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.auth.serviceaccount.IssuerDiscovery;
import dev.customapiserver.auth.serviceaccount.JwtSigner;
import dev.customapiserver.auth.serviceaccount.ServiceAccountAuthenticator;
import dev.customapiserver.auth.serviceaccount.ServiceAccountKeys;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.extension.EndpointResponse;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.runtime.extension.ServerServices;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Service account tokens in the composition root: the key ({@code --service-account-signing-key-file},
 * default {@code <data-dir>/pki/service-account.key}, generated when missing), the verifying keys
 * (plus {@code --service-account-key-file}), the issuer ({@code --service-account-issuer}), the
 * audiences tokens must be for ({@code --api-audiences}, default the issuer), the
 * signer handed to the group modules, the token authenticator and the issuer discovery endpoints.
 */
final class ServiceAccountWiring {
  static final String DEFAULT_ISSUER = "https://kubernetes.default.svc.cluster.local";
  private static final UserInfo LOOKUP = UserInfo.of("system:apiserver", "system:masters");

  private ServiceAccountWiring() {}

  static String issuer(ServerConfig config) {
    return config.flags().optional(Option.SERVICE_ACCOUNT_ISSUER).filter(s -> !s.isBlank()).orElse(DEFAULT_ISSUER);
  }

  /** {@code --api-audiences}, as kube-apiserver: by default the issuer alone. */
  static List<String> audiences(ServerConfig config) {
    List<String> audiences = config.flags().list(Option.API_AUDIENCES).stream().filter(s -> !s.isBlank()).toList();
    return audiences.isEmpty() ? List.of(issuer(config)) : audiences;
  }

  static ServiceAccountKeys keys(ServerConfig config) {
    Path signing = config.flags().path(Option.SERVICE_ACCOUNT_SIGNING_KEY_FILE)
        .orElse(config.dataDir().resolve("pki").resolve("service-account.key"));
    return ServiceAccountKeys.load(signing, config.flags().path(Option.SERVICE_ACCOUNT_KEY_FILE).stream().toList());
  }

  /** What the group modules get: the token signer, the system clock. */
  static ServerServices services(ServerConfig config, ServiceAccountKeys keys) {
    Optional<Duration> max = config.flags().optional(Option.SERVICE_ACCOUNT_MAX_TOKEN_EXPIRATION).filter(s -> !s.isBlank())
        .map(s -> config.flags().duration(Option.SERVICE_ACCOUNT_MAX_TOKEN_EXPIRATION));
    return new ServerServices(new JwtSigner(keys, issuer(config), audiences(config), max), Clock.systemUTC());
  }

  /** Accepts the tokens; an account is looked up in the registry's core/v1 serviceaccounts. */
  static TokenAuthenticator authenticator(ServerConfig config, ServiceAccountKeys keys, Registry registry) {
    Optional<ResourceType<?>> type = registry.scheme().resource("", "serviceaccounts");
    return new ServiceAccountAuthenticator(keys, issuer(config), audiences(config),
        (namespace, name) -> type.flatMap(t -> uid(registry.store(t), namespace, name)), Clock.systemUTC());
  }

  private static <H extends KubeObject> Optional<String> uid(GenericStore<H> store, String namespace, String name) {
    try {
      return Optional.ofNullable(store.get(new RegistryContext(namespace, LOOKUP), name).metadata().uid);
    } catch (ApiException e) {
      return Optional.empty();
    }
  }

  /** {@code /.well-known/openid-configuration} and {@code /openid/v1/jwks}. */
  static List<ExtensionEndpoint> discovery(ServerConfig config, ServiceAccountKeys keys) {
    String issuer = issuer(config);
    return List.of(
        new ExtensionEndpoint("GET", IssuerDiscovery.CONFIGURATION_PATH, r -> EndpointResponse.ok(IssuerDiscovery.configuration(issuer))),
        new ExtensionEndpoint("GET", IssuerDiscovery.JWKS_PATH, r -> EndpointResponse.ok(keys.jwks())));
  }
}
