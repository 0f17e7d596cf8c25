package dev.customapiserver.server;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.delegation.AuthenticationConfig;
import dev.customapiserver.auth.delegation.ClientCaUsers;
import dev.customapiserver.auth.delegation.ConfigMapFollower;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.client.InCluster;
import dev.customapiserver.client.PemBundle;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator;
import dev.customapiserver.auth.requestheader.RequestHeaderConfig;
import dev.customapiserver.auth.webhook.AlwaysAllowPaths;
import dev.customapiserver.auth.webhook.PrivilegedGroups;
import dev.customapiserver.auth.webhook.SubjectAccessReviewAuthorizer;
import dev.customapiserver.auth.webhook.TokenReviewAuthenticator;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The delegation room of the composition root, as k8s.io/apiserver's delegated authentication and
 * authorization options: {@code --requestheader-*} (front proxy), {@code --authentication-kubeconfig}
 * and {@code --authentication-token-webhook-config-file} (TokenReview), {@code
 * --authorization-kubeconfig} (SubjectAccessReview, always-allow groups and paths) and the {@code
 * Webhook} authorizer of {@code --authorization-webhook-config-file}; with {@code
 * --authentication-kubeconfig} and unless {@code --authentication-skip-lookup}, the client CA and
 * front-proxy settings the flags leave unset come from the cluster's {@code
 * extension-apiserver-authentication} ConfigMap, followed while the server runs.
 */
final class DelegationWiring {
  /** The pause before following the ConfigMap again after its watch broke. */
  private static final long LOOKUP_RETRY_MILLIS = 1000;
  private static final System.Logger LOG = System.getLogger(DelegationWiring.class.getName());

  private DelegationWiring() {}

  static Delegation open(ServerConfig config) {
    return open(config, InCluster.ofProcess());
  }

  /**
   * With {@code inCluster} standing for the pod when {@code --authentication-kubeconfig} or {@code
   * --authorization-kubeconfig} is empty (see {@link ClusterConnections}).
   */
  static Delegation open(ServerConfig config, InCluster inCluster) {
    Flags flags = config.flags();
    ClusterConnections clusters = new ClusterConnections(flags, inCluster);
    List<Authenticator> first = new ArrayList<>();
    List<Runnable> starters = new ArrayList<>();
    List<AutoCloseable> closers = new ArrayList<>();
    flags.path(Option.REQUESTHEADER_CLIENT_CA_FILE).ifPresent(ca -> first.add(AuthenticationChain.frontProxy(
        RequestHeaderAuthenticator.of(requestHeader(flags, caFile(ca, Option.REQUESTHEADER_CLIENT_CA_FILE))))));
    Optional<ClusterClient> authn = clusters.resolve(Option.AUTHENTICATION_KUBECONFIG, "delegated authentication",
        k -> client(k, Option.AUTHENTICATION_KUBECONFIG));
    boolean missing = flags.path(Option.REQUESTHEADER_CLIENT_CA_FILE).isEmpty() || flags.path(Option.CLIENT_CA_FILE).isEmpty();
    if (authn.isPresent() && missing && !flags.bool(Option.AUTHENTICATION_SKIP_LOOKUP)) {
      ConfigMapFollower follower = lookup(flags, authn.get());
      if (flags.path(Option.REQUESTHEADER_CLIENT_CA_FILE).isEmpty()) {
        first.add(AuthenticationChain.frontProxy(new RequestHeaderAuthenticator(follower::requestHeader, Clock.systemUTC())));
      }
      if (flags.path(Option.CLIENT_CA_FILE).isEmpty()) {
        first.add(new ClientCaUsers(follower::clientCa, Clock.systemUTC()));
      }
      starters.add(follower::start);
      closers.add(follower);
    } else if (authn.isEmpty()) {
      notInCluster(flags);
    }
    List<Authenticator> last = new ArrayList<>();
    Duration tokenTtl = flags.duration(Option.AUTHENTICATION_TOKEN_WEBHOOK_CACHE_TTL);
    authn.ifPresent(c -> last.add(AuthenticationChain.bearerTokens(List.of(
        new TokenReviewAuthenticator(c, TokenReviewAuthenticator.CLUSTER_PATH, tokenTtl, Clock.systemUTC())))));
    flags.path(Option.AUTHENTICATION_TOKEN_WEBHOOK_CONFIG_FILE).ifPresent(k -> last.add(AuthenticationChain.bearerTokens(
        List.of(new TokenReviewAuthenticator(client(k, Option.AUTHENTICATION_TOKEN_WEBHOOK_CONFIG_FILE), "", tokenTtl,
            Clock.systemUTC())))));
    Optional<Authorizer> delegated = clusters.resolve(Option.AUTHORIZATION_KUBECONFIG, "delegated authorization",
        k -> client(k, Option.AUTHORIZATION_KUBECONFIG)).map(c -> delegatingAuthorizer(flags, c));
    if (delegated.isEmpty()) {
      LOG.log(System.Logger.Level.INFO, "No authorization-kubeconfig provided, so SubjectAccessReview of authorization "
          + "tokens won't work.");
    }
    return new Delegation(first, last, delegated, starters, closers);
  }

  /**
   * kube's notes when neither {@code --authentication-kubeconfig} nor a pod gives a cluster (at
   * INFO, not kube's WARNING: standing alone is this server's ordinary mode).
   */
  private static void notInCluster(Flags flags) {
    String where = "configmap/" + AuthenticationConfig.NAME + " in " + AuthenticationConfig.NAMESPACE;
    if (flags.path(Option.CLIENT_CA_FILE).isEmpty()) {
      LOG.log(System.Logger.Level.INFO, "No authentication-kubeconfig provided in order to lookup client-ca-file in " + where
          + ", so client certificate authentication won't work.");
    }
    if (flags.path(Option.REQUESTHEADER_CLIENT_CA_FILE).isEmpty()) {
      LOG.log(System.Logger.Level.INFO, "No authentication-kubeconfig provided in order to lookup "
          + "requestheader-client-ca-file in " + where + ", so request-header client certificate authentication won't work.");
    }
  }

  /**
   * The ConfigMap looked up now (kube's {@code lookupMissingConfigInCluster}); a failure stops the
   * start unless {@code --authentication-tolerate-lookup-failure}.
   */
  static ConfigMapFollower lookup(Flags flags, ClusterClient cluster) {
    ConfigMapFollower follower = new ConfigMapFollower(cluster, LOOKUP_RETRY_MILLIS);
    try {
      follower.lookup();
    } catch (IOException e) {
      if (!flags.bool(Option.AUTHENTICATION_TOLERATE_LOOKUP_FAILURE)) {
        throw ConfigException.invalid(e.getMessage() + "; to start anyway (requests may then be anonymous) set "
            + Option.AUTHENTICATION_TOLERATE_LOOKUP_FAILURE.flag() + "=true, or skip the lookup with "
            + Option.AUTHENTICATION_SKIP_LOOKUP.flag());
      }
      LOG.log(System.Logger.Level.WARNING, "Error looking up in-cluster authentication configuration: " + e.getMessage()
          + ". Continuing without it; requests may be treated as anonymous.");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw ConfigException.invalid("interrupted while looking up the authentication ConfigMap");
    }
    return follower;
  }

  /**
   * sample-apiserver's authorizer ({@code --authorization-kubeconfig}): {@code
   * --authorization-always-allow-groups}, then {@code --authorization-always-allow-paths}, then a
   * SubjectAccessReview to the cluster.
   */
  static Authorizer delegatingAuthorizer(Flags flags, ClusterClient cluster) {
    List<Authorizer> union = new ArrayList<>();
    List<String> groups = flags.list(Option.AUTHORIZATION_ALWAYS_ALLOW_GROUPS);
    if (!groups.isEmpty()) {
      union.add(new PrivilegedGroups(groups));
    }
    List<String> paths = flags.list(Option.AUTHORIZATION_ALWAYS_ALLOW_PATHS);
    if (!paths.isEmpty()) {
      try {
        union.add(new AlwaysAllowPaths(paths));
      } catch (IllegalArgumentException e) {
        throw ConfigException.invalid("invalid " + Option.AUTHORIZATION_ALWAYS_ALLOW_PATHS.flag() + ": " + e.getMessage());
      }
    }
    union.add(new SubjectAccessReviewAuthorizer(cluster, SubjectAccessReviewAuthorizer.CLUSTER_PATH,
        flags.duration(Option.AUTHORIZATION_WEBHOOK_CACHE_AUTHORIZED_TTL),
        flags.duration(Option.AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL), Clock.systemUTC()));
    return Authorizer.firstOpinion(union.toArray(Authorizer[]::new));
  }

  /** kube-apiserver's cache times for {@code --authorization-mode=Webhook} (k8s.io/apiserver's delegation uses 10s). */
  static final Duration WEBHOOK_AUTHORIZED_TTL = Duration.ofMinutes(5);
  static final Duration WEBHOOK_UNAUTHORIZED_TTL = Duration.ofSeconds(30);

  /**
   * The {@code Webhook} authorizer of {@code --authorization-mode}: a SubjectAccessReview of {@code
   * --authorization-webhook-version} (v1beta1 unless set, as kube-apiserver) to the webhook of {@code
   * --authorization-webhook-config-file}, cached with the {@code --authorization-webhook-cache-*-ttl}
   * flags (unset: kube-apiserver's 5m and 30s).
   *
   * @throws ConfigException when the flag is unset, its kubeconfig is invalid or the version unknown
   */
  static Authorizer webhookAuthorizer(ServerConfig config) {
    Flags flags = config.flags();
    Path file = flags.path(Option.AUTHORIZATION_WEBHOOK_CONFIG_FILE).orElseThrow(() -> ConfigException.invalid(
        "--authorization-mode=Webhook requires " + Option.AUTHORIZATION_WEBHOOK_CONFIG_FILE.flag()));
    String version = flags.string(Option.AUTHORIZATION_WEBHOOK_VERSION).trim();
    if (!SubjectAccessReviewAuthorizer.VERSIONS.contains(version)) {
      throw ConfigException.invalid("unsupported webhook authorizer version \"" + version
          + "\", supported versions are \"v1\", \"v1beta1\"");
    }
    return new SubjectAccessReviewAuthorizer(client(file, Option.AUTHORIZATION_WEBHOOK_CONFIG_FILE), "", version,
        webhookTtl(flags, Option.AUTHORIZATION_WEBHOOK_CACHE_AUTHORIZED_TTL, WEBHOOK_AUTHORIZED_TTL),
        webhookTtl(flags, Option.AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL, WEBHOOK_UNAUTHORIZED_TTL), Clock.systemUTC());
  }

  /** The cache time {@code option} sets, {@code kubeDefault} when it is left unset. */
  static Duration webhookTtl(Flags flags, Option option, Duration kubeDefault) {
    return flags.isDefault(option) ? kubeDefault : flags.duration(option);
  }

  static ClusterClient client(Path kubeconfig, Option option) {
    try {
      return ClusterClient.of(kubeconfig, ClusterConnections.CLIENT_TIMEOUT);
    } catch (IllegalArgumentException e) {
      throw ConfigException.invalid("invalid " + option.flag() + ": " + e.getMessage());
    }
  }

  /** The {@code --requestheader-*} settings with {@code ca}. */
  static RequestHeaderConfig requestHeader(Flags flags, List<X509Certificate> ca) {
    return new RequestHeaderConfig(ca, flags.list(Option.REQUESTHEADER_ALLOWED_NAMES),
        flags.list(Option.REQUESTHEADER_USERNAME_HEADERS), flags.list(Option.REQUESTHEADER_UID_HEADERS),
        flags.list(Option.REQUESTHEADER_GROUP_HEADERS), flags.list(Option.REQUESTHEADER_EXTRA_HEADERS_PREFIX));
  }

  static List<X509Certificate> caFile(Path file, Option option) {
    try {
      return PemBundle.certificates(file);
    } catch (IllegalArgumentException e) {
      throw ConfigException.invalid("invalid " + option.flag() + ": " + e.getMessage());
    }
  }
}
