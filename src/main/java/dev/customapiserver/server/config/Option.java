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
      "Comma list of admission plugins to turn off, e.g. NamespaceLifecycle,JenkinsServiceQuota."),
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
      "How long an allow of the cluster's SubjectAccessReview is cached."),
  AUTHORIZATION_WEBHOOK_CACHE_UNAUTHORIZED_TTL("authorization-webhook-cache-unauthorized-ttl", "DURATION", "10s", false,
      "How long a denial of the cluster's SubjectAccessReview is cached."),
  AUTHORIZATION_ALWAYS_ALLOW_PATHS("authorization-always-allow-paths", "PATHS", "/healthz,/readyz,/livez", false,
      "Paths anyone may reach without asking the cluster (a trailing * matches a prefix); replaces the default list."),
  AUTHORIZATION_ALWAYS_ALLOW_GROUPS("authorization-always-allow-groups", "GROUPS", "system:masters", false,
      "Groups allowed everything without asking the cluster."),
  APISERVER_CERT_EXTRA_SANS("apiserver-cert-extra-sans", "NAMES", "", false,
      "Extra DNS names or IP addresses for the generated serving certificate, e.g. custom-apiserver.custom-apiserver.svc."),
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
