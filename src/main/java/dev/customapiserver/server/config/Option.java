package dev.customapiserver.server.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One setting, spelled three ways: the flag {@code --secure-port}, the environment variable
 * {@code CUSTOM_APISERVER_SECURE_PORT} and the YAML key {@code secure-port}.
 */
public enum Option {
  CONFIG(Section.GENERIC, "config", "FILE", "", true,
      "YAML file with any of these settings, keyed by flag name (see server-config/apiserver.yaml)."),
  MAX_REQUESTS_INFLIGHT(Section.GENERIC, "max-requests-inflight", "N", "400", false,
      "Concurrent non-mutating requests before 429 TooManyRequests (0 = no limit); long-running requests are not counted."),
  MAX_MUTATING_REQUESTS_INFLIGHT(Section.GENERIC, "max-mutating-requests-inflight", "N", "200", false,
      "Concurrent mutating requests before 429 TooManyRequests (0 = no limit)."),
  ENABLE_PRIORITY_AND_FAIRNESS(Section.GENERIC, "enable-priority-and-fairness", "BOOL", "true", false,
      "Share the in-flight limits fairly between users (queues per user) instead of first come, first served."),
  REQUEST_TIMEOUT(Section.GENERIC, "request-timeout", "DURATION", "1m0s", false,
      "Longest time a non-long-running request may take before it is ended with 504 Timeout."),
  MIN_REQUEST_TIMEOUT(Section.GENERIC, "min-request-timeout", "SECONDS", "1800", false,
      "Shortest timeout of a watch without timeoutSeconds (a random one up to twice this is used)."),
  SHUTDOWN_DELAY_DURATION(Section.GENERIC, "shutdown-delay-duration", "DURATION", "0s", false,
      "On SIGTERM, keep serving this long with /readyz failing so load balancers stop sending requests."),
  SHUTDOWN_WATCH_TERMINATION_GRACE_PERIOD(Section.GENERIC, "shutdown-watch-termination-grace-period", "DURATION", "0s", false,
      "On shutdown, how long open watches are given to end cleanly."),
  STORAGE_BACKEND(Section.STORAGE, "storage-backend", "BACKEND", "", false,
      "Storage backend (alias --backend): etcd3 (or etcd; --etcd-servers), jpa (H2 under the data directory, or "
          + "--storage-url), file (--storage-root) or memory. Unset: etcd3 when --etcd-servers is given (as "
          + "kube-apiserver), else jpa. A storage flag the chosen backend does not use stops the start."),
  ENABLE_ETCD_STORAGE(Section.STORAGE, "enable-etcd-storage", "BOOL", "", false,
      "Seed 001's switch: true stores in etcd (--etcd-servers, as --storage-backend=etcd3); false keeps the "
          + "objects in memory (as --storage-backend=memory). Unset: --storage-backend decides."),
  ETCD_SERVERS(Section.STORAGE, "etcd-servers", "URLS", "", false, "Comma list of etcd client URLs (etcd3 backend; "
      + "without --storage-backend they choose it)."),
  ETCD_PREFIX(Section.STORAGE, "etcd-prefix", "PREFIX", "/registry", false, "Prefix of every key in etcd."),
  ETCD_CAFILE(Section.STORAGE, "etcd-cafile", "FILE", "", true, "CA bundle verifying etcd's serving certificate."),
  ETCD_CERTFILE(Section.STORAGE, "etcd-certfile", "FILE", "", true, "Client certificate for etcd."),
  ETCD_KEYFILE(Section.STORAGE, "etcd-keyfile", "FILE", "", true, "Private key of --etcd-certfile."),
  STORAGE_URL(Section.STORAGE, "storage-url", "JDBC_URL", "", false,
      "JDBC URL of the database; default: an H2 file database under the data directory."),
  STORAGE_USERNAME(Section.STORAGE, "storage-username", "USER", "", false, "Database user."),
  STORAGE_PASSWORD(Section.STORAGE, "storage-password", "PASSWORD", "", false, "Database password."),
  STORAGE_DATASOURCE(Section.STORAGE, "storage-datasource", "JNDI_NAME", "", false,
      "JNDI name of a container-managed DataSource (e.g. java:jboss/datasources/ApiServerDS) instead of --storage-url."),
  STORAGE_ROOT(Section.STORAGE, "storage-root", "DIR", "", true,
      "Directory tree of YAML files for the file backend; default: --file-rootpath, else <data-dir>/objects."),
  WATCH_CACHE(Section.STORAGE, "watch-cache", "BOOL", "true", false,
      "Serve lists at resourceVersion=0 and watches from an in-memory cache of every resource (bare flag = true)."),
  DEFAULT_WATCH_CACHE_SIZE(Section.STORAGE, "default-watch-cache-size", "EVENTS", "1000", false,
      "Recent changes per resource the watch cache keeps for watches that resume; older ones come from the database."),
  ENCRYPTION_PROVIDER_CONFIG(Section.STORAGE, "encryption-provider-config", "FILE", "", true,
      "apiserver.config.k8s.io/v1 EncryptionConfiguration: how resources (Secrets) are encrypted at rest."),
  SECURE_PORT(Section.SECURE_SERVING, "secure-port", "PORT", "6443", false,
      "HTTPS port; 0 picks a free port (the kubeconfig names the actual one)."),
  BIND_ADDRESS(Section.SECURE_SERVING, "bind-address", "IP", "127.0.0.1", false,
      "IP address to listen on; 0.0.0.0 or :: for all interfaces."),
  TLS_CERT_FILE(Section.SECURE_SERVING, "tls-cert-file", "FILE", "", true,
      "PEM serving certificate (chain) to use instead of the generated one."),
  TLS_PRIVATE_KEY_FILE(Section.SECURE_SERVING, "tls-private-key-file", "FILE", "", true,
      "PEM private key matching --tls-cert-file."),
  APISERVER_CERT_EXTRA_SANS(Section.SECURE_SERVING, "apiserver-cert-extra-sans", "NAMES", "", false,
      "Extra DNS names or IP addresses for the generated serving certificate, e.g. custom-apiserver.custom-apiserver.svc."),
  CERT_DIR(Section.SECURE_SERVING, "cert-dir", "DIR", "", true,
      "Directory of the serving certificate when --tls-cert-file/--tls-private-key-file are not given: tls.crt and "
          + "tls.key (a kubernetes.io/tls Secret mounted there), else apiserver.crt and apiserver.key (kube-apiserver's "
          + "names); when neither pair exists, the generated serving certificate is written there as apiserver.crt/.key. "
          + "Unset: /var/run/apiserver/serving-cert/tls.{crt,key} if present, else <data-dir>/pki."),
  PORT(Section.INSECURE_SERVING, "port", "PORT", "", false,
      "Plain HTTP port serving the same API with the same authentication; off unless set (0 = free port)."),
  AUDIT_POLICY_FILE(Section.AUDITING, "audit-policy-file", "FILE", "", true,
      "audit.k8s.io/v1 Policy: which requests are audited and at which level."),
  AUDIT_LOG_PATH(Section.AUDITING, "audit-log-path", "FILE", "", true,
      "File the audit events are written to as JSON lines; '-' = standard output; unset = no audit log."),
  AUDIT_LOG_MAXAGE(Section.AUDITING, "audit-log-maxage", "DAYS", "0", false,
      "Days to keep rotated audit log files (0 = no limit)."),
  AUDIT_LOG_MAXBACKUP(Section.AUDITING, "audit-log-maxbackup", "FILES", "0", false,
      "Rotated audit log files to keep (0 = no limit)."),
  AUDIT_LOG_MAXSIZE(Section.AUDITING, "audit-log-maxsize", "MEGABYTES", "0", false,
      "Size in megabytes at which the audit log is rotated (0 = never)."),
  TOKEN_AUTH_FILE(Section.AUTHENTICATION, "token-auth-file", "FILE", "", true,
      "Bearer tokens in kube-apiserver's token.csv format: token,user,uid,\"group1,group2\"."),
  REQUESTHEADER_CLIENT_CA_FILE(Section.AUTHENTICATION, "requestheader-client-ca-file", "FILE", "", true,
      "CA bundle verifying the client certificate of a front proxy (kube-apiserver's aggregator, nginx) before the "
          + "identity headers it sends are trusted; unset = looked up in the cluster (see --authentication-kubeconfig)."),
  REQUESTHEADER_ALLOWED_NAMES(Section.AUTHENTICATION, "requestheader-allowed-names", "NAMES", "", false,
      "Comma list of common names the front proxy's certificate may have; empty = any signed by --requestheader-client-ca-file."),
  REQUESTHEADER_USERNAME_HEADERS(Section.AUTHENTICATION, "requestheader-username-headers", "HEADERS", "X-Remote-User", false,
      "Request headers to take the user name from, the first one set wins."),
  REQUESTHEADER_UID_HEADERS(Section.AUTHENTICATION, "requestheader-uid-headers", "HEADERS", "X-Remote-Uid", false,
      "Request headers to take the user's UID from, the first one set wins."),
  REQUESTHEADER_GROUP_HEADERS(Section.AUTHENTICATION, "requestheader-group-headers", "HEADERS", "X-Remote-Group", false,
      "Request headers to take the user's groups from (every value of every one)."),
  REQUESTHEADER_EXTRA_HEADERS_PREFIX(Section.AUTHENTICATION, "requestheader-extra-headers-prefix", "PREFIXES", "X-Remote-Extra-", false,
      "Request header prefixes for the user's extra attributes (the key after the prefix, lower-cased and URL-unescaped)."),
  AUTHENTICATION_KUBECONFIG(Section.AUTHENTICATION, "authentication-kubeconfig", "FILE", "", true,
      "kubeconfig of the core cluster whose TokenReview API checks bearer tokens, and whose "
          + "kube-system/extension-apiserver-authentication ConfigMap gives the client and front-proxy CAs."),
  AUTHENTICATION_SKIP_LOOKUP(Section.AUTHENTICATION, "authentication-skip-lookup", "BOOL", "false", false,
      "Do not read the extension-apiserver-authentication ConfigMap from the cluster."),
  AUTHENTICATION_TOLERATE_LOOKUP_FAILURE(Section.AUTHENTICATION, "authentication-tolerate-lookup-failure", "BOOL", "false", false,
      "Start even if the ConfigMap cannot be read (requests may then be treated as anonymous)."),
  AUTHENTICATION_TOKEN_WEBHOOK_CACHE_TTL(Section.AUTHENTICATION, "authentication-token-webhook-cache-ttl", "DURATION", "10s", false,
      "How long TokenReview answers of the cluster are cached."),
  CLIENT_CA_FILE(Section.AUTHENTICATION, "client-ca-file", "FILE", "", true,
      "CA bundle verifying client certificates on the HTTPS port: the certificate's CN is the user, its O entries the groups."),
  ANONYMOUS_AUTH(Section.AUTHENTICATION, "anonymous-auth", "BOOL", "true", false,
      "Requests without credentials run as system:anonymous (group system:unauthenticated); false = 401."),
  AUTHENTICATION_TOKEN_WEBHOOK_CONFIG_FILE(Section.AUTHENTICATION, "authentication-token-webhook-config-file", "FILE", "", true,
      "kubeconfig of the TokenReview webhook that checks bearer tokens."),
  SERVICE_ACCOUNT_ISSUER(Section.AUTHENTICATION, "service-account-issuer", "URL", "", false,
      "Issuer (iss) of service account tokens; default https://kubernetes.default.svc.cluster.local."),
  API_AUDIENCES(Section.AUTHENTICATION, "api-audiences", "LIST", "", false,
      "Audiences a service account token must name one of to authenticate (and a TokenRequest's default); default: the issuer."),
  SERVICE_ACCOUNT_SIGNING_KEY_FILE(Section.AUTHENTICATION, "service-account-signing-key-file", "FILE", "", true,
      "PEM private key signing service account tokens; default: one generated under the data directory."),
  SERVICE_ACCOUNT_KEY_FILE(Section.AUTHENTICATION, "service-account-key-file", "FILE", "", true,
      "PEM public keys (or private keys) verifying service account tokens; default: the signing key's."),
  SERVICE_ACCOUNT_MAX_TOKEN_EXPIRATION(Section.AUTHENTICATION, "service-account-max-token-expiration", "DURATION", "", false,
      "Longest expiration a TokenRequest may ask for."),
  AUTHN_ALLOW_LOCALHOST(Section.AUTHENTICATION, "authn-allow-localhost", "BOOL", "false", false,
      "Requests from a loopback address (127.0.0.0/8, ::1) without credentials act as the local administrator "
          + "system:unsecured (group system:masters), over HTTP and HTTPS. Judged by the TCP peer only, never by "
          + "X-Forwarded-For or similar headers. Only for local experiments: every local process becomes admin."),
  AUTHORIZATION_KUBECONFIG(Section.AUTHORIZATION, "authorization-kubeconfig", "FILE", "", true,
      "kubeconfig of the core cluster whose SubjectAccessReview API decides every request."),
  AUTHORIZATION_WEBHOOK_CACHE_AUTHORIZED_TTL(Section.AUTHORIZATION, "authorization-webhook-cache-authorized-ttl", "DURATION", "10s", false,
      "How long an allow of the SubjectAccessReview webhook is cached (0 = not cached); unset: 10s for "
          + "--authorization-kubeconfig, 5m for --authorization-mode=Webhook, as kube-apiserver."),
  AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL(Section.AUTHORIZATION, "authorization-webhook-cache-unauthorized-ttl", "DURATION", "10s", false,
      "How long a denial or no opinion of the SubjectAccessReview webhook is cached (0 = not cached); unset: 10s for "
          + "--authorization-kubeconfig, 30s for --authorization-mode=Webhook, as kube-apiserver."),
  AUTHORIZATION_ALWAYS_ALLOW_PATHS(Section.AUTHORIZATION, "authorization-always-allow-paths", "PATHS", "/healthz,/readyz,/livez", false,
      "Paths anyone may reach without asking the cluster (a trailing * matches a prefix); replaces the default list."),
  AUTHORIZATION_ALWAYS_ALLOW_GROUPS(Section.AUTHORIZATION, "authorization-always-allow-groups", "GROUPS", "system:masters", false,
      "Groups allowed everything without asking the cluster."),
  AUTHORIZATION_MODE(Section.AUTHORIZATION, "authorization-mode", "MODES", "RBAC", false,
      "Comma list of authorizers asked in order: RBAC, Webhook, AlwaysAllow, AlwaysDeny."),
  AUTHORIZATION_WEBHOOK_CONFIG_FILE(Section.AUTHORIZATION, "authorization-webhook-config-file", "FILE", "", true,
      "kubeconfig of the SubjectAccessReview webhook asked in --authorization-mode=Webhook."),
  AUTHORIZATION_WEBHOOK_VERSION(Section.AUTHORIZATION, "authorization-webhook-version", "VERSION", "v1beta1", false,
      "The API version of the authorization.k8s.io SubjectAccessReview to send to and expect from the webhook of "
          + "--authorization-mode=Webhook: v1beta1 (kube-apiserver's default) or v1."),
  RUNTIME_CONFIG(Section.API_ENABLEMENT, "runtime-config", "KEY=VALUE,...", "", false,
      "Turns served API group versions on or off: <group>/<version>=true|false (also apis/<group>/<version>), "
          + "v1=true|false for the core group, api/all, api/ga, api/beta, api/alpha=true|false for every version "
          + "of that kind; a value may be left out (= true). A version turned off is not in discovery and its "
          + "paths answer 404."),
  ENABLE_ADMISSION_PLUGINS(Section.ADMISSION, "enable-admission-plugins", "NAMES", "", false,
      "Comma list of admission plugins to enable besides the default ones (all built-in plugins are on by default)."),
  DISABLE_ADMISSION_PLUGINS(Section.ADMISSION, "disable-admission-plugins", "NAMES", "", false,
      "Comma list of admission plugins to turn off, e.g. NamespaceLifecycle,JenkinsService."),
  ADMISSION_CONTROL_CONFIG_FILE(Section.ADMISSION, "admission-control-config-file", "FILE", "", true,
      "apiserver.config.k8s.io/v1 AdmissionConfiguration with the admission plugins' configuration."),
  LOGGING_FORMAT(Section.LOGS, "logging-format", "FORMAT", "text", false,
      "Log format: text or json (one object per line)."),
  DATA_DIR(Section.FILES, "data-dir", "DIR", "./data", true,
      "Directory for the H2 database, certificates, the admin token and the kubeconfig; default --file-rootpath "
          + "when that is given."),
  FILE_ROOTPATH(Section.FILES, "file-rootpath", "DIR", "", true,
      "Root folder of the server's files (seed 000's lab): the default of --data-dir and of --storage-root (the file "
          + "backend's tree), and DIR/cert/ holds the admin's client certificate: client.p12 (PKCS#12, password "
          + "--client-certificate-password), client.crt, client.key and ca.crt."),
  CLIENT_CERTIFICATE_PASSWORD(Section.FILES, "client-certificate-password", "PASSWORD", "P@ssw0rd", false,
      "Password of the PKCS#12 file <file-rootpath>/cert/client.p12."),
  KUBECTL_DISABLED(Section.FILES, "kubectl-disabled", "BOOL", "false", false,
      "Write no kubeconfig into the data directory (the admin token is still created)."),
  KUBECTL_EPHEMERAL_TOKEN(Section.FILES, "kubectl-ephemeral-token", "BOOL", "false", false,
      "Make a new admin token at every start (the previous one is refused from then on); false keeps the token "
          + "of the data directory's admin.token."),
  KUBECONFIG(Section.MISC, "kubeconfig", "FILE", "", true,
      "kubeconfig of the core cluster this server is aggregated into (namespaces, webhook configurations)."),
  EVENT_TTL(Section.MISC, "event-ttl", "DURATION", "1h0m0s", false,
      "How long Events are kept before the server deletes them."),
  UNRESTRICTED_UPDATE(Section.MISC, "unrestricted-update", "BOOL", "false", false,
      "A PUT without metadata.resourceVersion replaces the object whatever its current version (kube's "
          + "AllowUnconditionalUpdate, for every kind); false: 422 metadata.resourceVersion must be specified.");

  /** Prefix of every environment variable. */
  public static final String ENV_PREFIX = "CUSTOM_APISERVER_";

  private final Section section;
  private final String name;
  private final String metavar;
  private final String defaultValue;
  private final boolean path;
  private final String help;

  Option(Section section, String name, String metavar, String defaultValue, boolean path, String help) {
    this.section = section;
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

  /** The topic {@code --help} lists it under. */
  public Section section() {
    return section;
  }

  /** Other names of the flag, as the seeds spell it ({@code --backend} for {@code --storage-backend}). */
  public List<String> aliases() {
    return this == STORAGE_BACKEND ? List.of("backend") : List.of();
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
    return Stream.of(values()).filter(o -> o.name.equals(name) || o.aliases().contains(name)).findFirst();
  }
}
