package dev.customapiserver.server.config;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Merges the sources of settings: flags &gt; environment &gt; YAML &gt; defaults. The YAML file is
 * named by {@code --config} or {@code CUSTOM_APISERVER_CONFIG} (or, in a servlet container, a
 * context parameter). Relative paths in YAML resolve against the YAML file's folder; all others
 * against the working directory.
 */
public final class ConfigLoader {
  private ConfigLoader() {}

  /** Settings for the command line {@code flags} in the environment {@code env}. */
  public static ServerConfig load(CommandLine flags, Map<String, String> env) {
    return resolve(flags, env, Optional.empty());
  }

  /**
   * Settings without a command line (a WAR in a container): environment, then the YAML file from
   * {@code CUSTOM_APISERVER_CONFIG} or else {@code fallbackYaml}, then defaults.
   */
  public static ServerConfig fromEnvironment(Map<String, String> env, Optional<Path> fallbackYaml) {
    return resolve(new CommandLine(Map.of(), false), env, fallbackYaml);
  }

  private static ServerConfig resolve(CommandLine flags, Map<String, String> env, Optional<Path> fallbackYaml) {
    Optional<Path> yamlFile = flags.get(Option.CONFIG)
        .or(() -> Optional.ofNullable(env.get(Option.CONFIG.envName())))
        .filter(s -> !s.isBlank())
        .map(Path::of)
        .or(() -> fallbackYaml);
    Map<Option, Setting> yaml = yamlFile.map(YamlSettings::read).orElse(Map.of());
    Map<Option, Setting> merged = new EnumMap<>(Option.class);
    for (Option o : Option.values()) {
      Setting s = flags.get(o).map(v -> new Setting(v, o.flag(), null))
          .or(() -> Optional.ofNullable(env.get(o.envName())).map(v -> new Setting(v, "$" + o.envName(), null)))
          .orElseGet(() -> yaml.getOrDefault(o, new Setting(o.defaultValue(), "default of " + o.flag(), null)));
      merged.put(o, s);
    }
    return build(merged);
  }

  private static ServerConfig build(Map<Option, Setting> s) {
    Flags f = new Flags(s);
    Optional<Path> cert = f.path(Option.TLS_CERT_FILE);
    Optional<Path> key = f.path(Option.TLS_PRIVATE_KEY_FILE);
    if (cert.isPresent() != key.isPresent()) {
      throw ConfigException.invalid(Option.TLS_CERT_FILE.flag() + " and " + Option.TLS_PRIVATE_KEY_FILE.flag()
          + " must be given together");
    }
    Setting plain = s.get(Option.PORT);
    Optional<Path> rootPath = f.path(Option.FILE_ROOTPATH);
    Path dataDir = (f.isDefault(Option.DATA_DIR) && rootPath.isPresent() ? rootPath : f.path(Option.DATA_DIR))
        .orElseThrow(() -> ConfigException.invalid(Option.DATA_DIR.flag() + " must not be empty"));
    return new ServerConfig(
        dataDir,
        port(s.get(Option.SECURE_PORT)),
        ipLiteral(s.get(Option.BIND_ADDRESS)),
        plain.value().isBlank() ? OptionalInt.empty() : OptionalInt.of(port(plain)),
        f.path(Option.TOKEN_AUTH_FILE),
        cert,
        key,
        f.optional(Option.STORAGE_URL),
        s.get(Option.STORAGE_USERNAME).value(),
        s.get(Option.STORAGE_PASSWORD).value(),
        f.bool(Option.WATCH_CACHE),
        f.integer(Option.DEFAULT_WATCH_CACHE_SIZE, 0),
        f.list(Option.ENABLE_ADMISSION_PLUGINS),
        f.list(Option.DISABLE_ADMISSION_PLUGINS),
        f);
  }

  private static int port(Setting s) {
    try {
      int port = Integer.parseInt(s.value().trim());
      if (port >= 0 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ConfigException.invalid("invalid value \"" + s.value() + "\" for " + s.origin()
        + ": a port number from 0 to 65535 is required");
  }

  private static String ipLiteral(Setting s) {
    String v = s.value().trim();
    if (!IpLiterals.isIpLiteral(v)) {
      throw ConfigException.invalid("invalid value \"" + s.value() + "\" for " + s.origin()
          + ": an IPv4 or IPv6 address is required");
    }
    return v;
  }
}
