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
