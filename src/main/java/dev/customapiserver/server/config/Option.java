package dev.customapiserver.server.config;

import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One setting, spelled three ways: the flag {@code --secure-port}, the environment variable
 * {@code CUSTOM_APISERVER_SECURE_PORT} and the YAML key {@code secure-port}.
 */
public enum Option {
  DATA_DIR("data-dir", "DIR", "./data", true,
      "Directory for the H2 database, certificates, the admin token and the kubeconfig."),
  SECURE_PORT("secure-port", "PORT", "6443", false,
      "HTTPS port; 0 picks a free port (the kubeconfig names the actual one)."),
  BIND_ADDRESS("bind-address", "IP", "127.0.0.1", false,
      "IP address to listen on; 0.0.0.0 or :: for all interfaces."),
  PORT("port", "PORT", "", false,
      "Plain HTTP port serving the same API with the same authentication; off unless set (0 = free port)."),
  TOKEN_AUTH_FILE("token-auth-file", "FILE", "", true,
      "Bearer tokens in kube-apiserver's token.csv format: token,user,uid,\"group1,group2\"."),
  TLS_CERT_FILE("tls-cert-file", "FILE", "", true,
      "PEM serving certificate (chain) to use instead of the generated one."),
  TLS_PRIVATE_KEY_FILE("tls-private-key-file", "FILE", "", true,
      "PEM private key matching --tls-cert-file."),
  STORAGE_URL("storage-url", "JDBC_URL", "", false,
      "JDBC URL of the database; default: an H2 file database under the data directory."),
  STORAGE_USERNAME("storage-username", "USER", "", false, "Database user."),
  STORAGE_PASSWORD("storage-password", "PASSWORD", "", false, "Database password."),
  WATCH_CACHE("watch-cache", "BOOL", "true", false,
      "Serve lists at resourceVersion=0 and watches from an in-memory cache of every resource (bare flag = true)."),
  DEFAULT_WATCH_CACHE_SIZE("default-watch-cache-size", "EVENTS", "1000", false,
      "Recent changes per resource the watch cache keeps for watches that resume; older ones come from the database."),
  ENABLE_ADMISSION_PLUGINS("enable-admission-plugins", "NAMES", "", false,
      "Comma list of admission plugins to enable besides the default ones (all built-in plugins are on by default)."),
  DISABLE_ADMISSION_PLUGINS("disable-admission-plugins", "NAMES", "", false,
      "Comma list of admission plugins to turn off, e.g. NamespaceLifecycle,JenkinsService."),
  REQUESTHEADER_CLIENT_CA_FILE("requestheader-client-ca-file", "FILE", "", true,
      "CA bundle verifying the client certificate of a front proxy (kube-apiserver's aggregator, nginx) before the "
          + "identity headers it sends are trusted; unset = looked up in the cluster (see --authentication-kubeconfig)."),
  REQUESTHEADER_ALLOWED_NAMES("requestheader-allowed-names", "NAMES", "", false,
      "Comma list of common names the front proxy's certificate may have; empty = any signed by --requestheader-client-ca-file."),
  REQUESTHEADER_USERNAME_HEADERS("requestheader-username-headers", "HEADERS", "X-Remote-User", false,
      "Request headers to take the user name from, the first one set wins."),
  REQUESTHEADER_UID_HEADERS("requestheader-uid-headers", "HEADERS", "X-Remote-Uid", false,
      "Request headers to take the user's UID from, the first one set wins."),
  REQUESTHEADER_GROUP_HEADERS("requestheader-group-headers", "HEADERS", "X-Remote-Group", false,
      "Request headers to take the user's groups from (every value of every one)."),
  REQUESTHEADER_EXTRA_HEADERS_PREFIX("requestheader-extra-headers-prefix", "PREFIXES", "X-Remote-Extra-", false,
      "Request header prefixes for the user's extra attributes (the key after the prefix, lower-cased and URL-unescaped)."),
  AUTHENTICATION_KUBECONFIG("authentication-kubeconfig", "FILE", "", true,
      "kubeconfig of the core cluster whose TokenReview API checks bearer tokens, and whose "
          + "kube-system/extension-apiserver-authentication ConfigMap gives the client and front-proxy CAs."),
  AUTHENTICATION_SKIP_LOOKUP("authentication-skip-lookup", "BOOL", "false", false,
      "Do not read the extension-apiserver-authentication ConfigMap from the cluster."),
  AUTHENTICATION_TOLERATE_LOOKUP_FAILURE("authentication-tolerate-lookup-failure", "BOOL", "false", false,
      "Start even if the ConfigMap cannot be read (requests may then be treated as anonymous)."),
  AUTHENTICATION_TOKEN_WEBHOOK_CACHE_TTL("authentication-token-webhook-cache-ttl", "DURATION", "10s", false,
      "How long TokenReview answers of the cluster are cached."),
  AUTHORIZATION_KUBECONFIG("authorization-kubeconfig", "FILE", "", true,
      "kubeconfig of the core cluster whose SubjectAccessReview API decides every request."),
  AUTHORIZATION_WEBHOOK_CACHE_AUTHORIZED_TTL("authorization-webhook-cache-authorized-ttl", "DURATION", "10s", false,
      "How long an allow of the SubjectAccessReview webhook is cached (0 = not cached); unset: 10s for "
          + "--authorization-kubeconfig, 5m for --authorization-mode=Webhook, as kube-apiserver."),
  AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL("authorization-webhook-cache-unauthorized-ttl", "DURATION", "10s", false,
      "How long a denial or no opinion of the SubjectAccessReview webhook is cached (0 = not cached); unset: 10s for "
          + "--authorization-kubeconfig, 30s for --authorization-mode=Webhook, as kube-apiserver."),
  AUTHORIZATION_ALWAYS_ALLOW_PATHS("authorization-always-allow-paths", "PATHS", "/healthz,/readyz,/livez", false,
      "Paths anyone may reach without asking the cluster (a trailing * matches a prefix); replaces the default list."),
  AUTHORIZATION_ALWAYS_ALLOW_GROUPS("authorization-always-allow-groups", "GROUPS", "system:masters", false,
      "Groups allowed everything without asking the cluster."),
  APISERVER_CERT_EXTRA_SANS("apiserver-cert-extra-sans", "NAMES", "", false,
      "Extra DNS names or IP addresses for the generated serving certificate, e.g. custom-apiserver.custom-apiserver.svc."),
  // --- identity (authentication, audit) ---
  CLIENT_CA_FILE("client-ca-file", "FILE", "", true,
      "CA bundle verifying client certificates on the HTTPS port: the certificate's CN is the user, its O entries the groups."),
  ANONYMOUS_AUTH("anonymous-auth", "BOOL", "true", false,
      "Requests without credentials run as system:anonymous (group system:unauthenticated); false = 401."),
  AUDIT_POLICY_FILE("audit-policy-file", "FILE", "", true,
      "audit.k8s.io/v1 Policy: which requests are audited and at which level."),
  AUDIT_LOG_PATH("audit-log-path", "FILE", "", true,
      "File the audit events are written to as JSON lines; '-' = standard output; unset = no audit log."),
  AUDIT_LOG_MAXAGE("audit-log-maxage", "DAYS", "0", false,
      "Days to keep rotated audit log files (0 = no limit)."),
  AUDIT_LOG_MAXBACKUP("audit-log-maxbackup", "FILES", "0", false,
      "Rotated audit log files to keep (0 = no limit)."),
  AUDIT_LOG_MAXSIZE("audit-log-maxsize", "MEGABYTES", "0", false,
      "Size in megabytes at which the audit log is rotated (0 = never)."),
  // --- authorization ---
  AUTHORIZATION_MODE("authorization-mode", "MODES", "RBAC", false,
      "Comma list of authorizers asked in order: RBAC, Webhook, AlwaysAllow, AlwaysDeny."),
  AUTHORIZATION_WEBHOOK_CONFIG_FILE("authorization-webhook-config-file", "FILE", "", true,
      "kubeconfig of the SubjectAccessReview webhook asked in --authorization-mode=Webhook."),
  AUTHENTICATION_TOKEN_WEBHOOK_CONFIG_FILE("authentication-token-webhook-config-file", "FILE", "", true,
      "kubeconfig of the TokenReview webhook that checks bearer tokens."),
  KUBECONFIG("kubeconfig", "FILE", "", true,
      "kubeconfig of the core cluster this server is aggregated into (namespaces, webhook configurations)."),
  // --- operations ---
  MAX_REQUESTS_INFLIGHT("max-requests-inflight", "N", "400", false,
      "Concurrent non-mutating requests before 429 TooManyRequests (0 = no limit); long-running requests are not counted."),
  MAX_MUTATING_REQUESTS_INFLIGHT("max-mutating-requests-inflight", "N", "200", false,
      "Concurrent mutating requests before 429 TooManyRequests (0 = no limit)."),
  ENABLE_PRIORITY_AND_FAIRNESS("enable-priority-and-fairness", "BOOL", "true", false,
      "Share the in-flight limits fairly between users (queues per user) instead of first come, first served."),
  REQUEST_TIMEOUT("request-timeout", "DURATION", "1m0s", false,
      "Longest time a non-long-running request may take before it is ended with 504 Timeout."),
  MIN_REQUEST_TIMEOUT("min-request-timeout", "SECONDS", "1800", false,
      "Shortest timeout of a watch without timeoutSeconds (a random one up to twice this is used)."),
  SHUTDOWN_DELAY_DURATION("shutdown-delay-duration", "DURATION", "0s", false,
      "On SIGTERM, keep serving this long with /readyz failing so load balancers stop sending requests."),
  SHUTDOWN_WATCH_TERMINATION_GRACE_PERIOD("shutdown-watch-termination-grace-period", "DURATION", "0s", false,
      "On shutdown, how long open watches are given to end cleanly."),
  LOGGING_FORMAT("logging-format", "FORMAT", "text", false,
      "Log format: text or json (one object per line)."),
  STORAGE_DATASOURCE("storage-datasource", "JNDI_NAME", "", false,
      "JNDI name of a container-managed DataSource (e.g. java:jboss/datasources/ApiServerDS) instead of --storage-url."),
  // --- control-plane APIs ---
  EVENT_TTL("event-ttl", "DURATION", "1h0m0s", false,
      "How long Events are kept before the server deletes them."),
  ENCRYPTION_PROVIDER_CONFIG("encryption-provider-config", "FILE", "", true,
      "apiserver.config.k8s.io/v1 EncryptionConfiguration: how resources (Secrets) are encrypted at rest."),
  SERVICE_ACCOUNT_ISSUER("service-account-issuer", "URL", "", false,
      "Issuer (iss) of service account tokens; default https://kubernetes.default.svc.cluster.local."),
  SERVICE_ACCOUNT_SIGNING_KEY_FILE("service-account-signing-key-file", "FILE", "", true,
      "PEM private key signing service account tokens; default: one generated under the data directory."),
  SERVICE_ACCOUNT_KEY_FILE("service-account-key-file", "FILE", "", true,
      "PEM public keys (or private keys) verifying service account tokens; default: the signing key's."),
  SERVICE_ACCOUNT_MAX_TOKEN_EXPIRATION("service-account-max-token-expiration", "DURATION", "", false,
      "Longest expiration a TokenRequest may ask for."),
  // --- storage ---
  STORAGE_BACKEND("storage-backend", "BACKEND", "", false,
      "Storage: jpa (H2 by default, or --storage-url), etcd3 (--etcd-servers), file (--storage-root) or memory."),
  ETCD_SERVERS("etcd-servers", "URLS", "", false, "Comma list of etcd client URLs (etcd3 backend)."),
  ETCD_PREFIX("etcd-prefix", "PREFIX", "/registry", false, "Prefix of every key in etcd."),
  ETCD_CAFILE("etcd-cafile", "FILE", "", true, "CA bundle verifying etcd's serving certificate."),
  ETCD_CERTFILE("etcd-certfile", "FILE", "", true, "Client certificate for etcd."),
  ETCD_KEYFILE("etcd-keyfile", "FILE", "", true, "Private key of --etcd-certfile."),
  STORAGE_ROOT("storage-root", "DIR", "", true,
      "Directory tree of YAML files for the file backend; default: <data-dir>/objects."),
  // --- admission ---
  ADMISSION_CONTROL_CONFIG_FILE("admission-control-config-file", "FILE", "", true,
      "apiserver.config.k8s.io/v1 AdmissionConfiguration with the admission plugins' configuration."),
  AUTHORIZATION_WEBHOOK_VERSION("authorization-webhook-version", "VERSION", "v1beta1", false,
      "The API version of the authorization.k8s.io SubjectAccessReview to send to and expect from the webhook of "
          + "--authorization-mode=Webhook: v1beta1 (kube-apiserver's default) or v1."),
  API_AUDIENCES("api-audiences", "LIST", "", false,
      "Audiences a service account token must name one of to authenticate (and a TokenRequest's default); default: the issuer."),
  CONFIG("config", "FILE", "", true,
      "YAML file with any of these settings, keyed by flag name (see server-config/apiserver.yaml).");

  /** Prefix of every environment variable. */
  public static final String ENV_PREFIX = "CUSTOM_APISERVER_";

  private final String name;
  private final String metavar;
  private final String defaultValue;
  private final boolean path;
  private final String help;

  Option(String name, String metavar, String defaultValue, boolean path, String help) {
    this.name = name;
    this.metavar = metavar;
    this.defaultValue = defaultValue;
    this.path = path;
    this.help = help;
  }

  /** The flag without dashes, also the YAML key: {@code secure-port}. */
  public String flagName() {
    return name;
  }

  /** The flag as typed: {@code --secure-port}. */
  public String flag() {
    return "--" + name;
  }

  /** The environment variable: {@code CUSTOM_APISERVER_SECURE_PORT}. */
  public String envName() {
    return ENV_PREFIX + name.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  /** The default; empty means unset. */
  public String defaultValue() {
    return defaultValue;
  }

  /** Whether the value is a file system path (relative YAML paths resolve against the YAML's folder). */
  boolean isPath() {
    return path;
  }

  String metavar() {
    return metavar;
  }

  String help() {
    return help;
  }

  /** Whether the bare flag (without a value) means {@code true}: every option whose metavar is {@code BOOL}. */
  boolean isBoolean() {
    return metavar.equals("BOOL");
  }

  /** Whether a YAML file may set it ({@code config} itself may not). */
  boolean inYaml() {
    return this != CONFIG;
  }

  static Optional<Option> byFlagName(String name) {
    return Stream.of(values()).filter(o -> o.name.equals(name)).findFirst();
  }
}
