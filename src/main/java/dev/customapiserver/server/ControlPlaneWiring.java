package dev.customapiserver.server;

import dev.customapiserver.controllers.expiry.Expiry;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ValueTransformer;
import dev.customapiserver.storage.encryption.EncryptionConfiguration;
import java.time.Clock;
import java.util.function.Function;
import java.util.Arrays;

/**
 * The control-plane services the group modules ask for: expiry of kinds with a time to live (the
 * duration is the server setting the kind names, e.g. {@code --event-ttl}), and encryption at rest
 * ({@code --encryption-provider-config}).
 */
final class ControlPlaneWiring {
  private ControlPlaneWiring() {}

  /** The sweepers of the expiring kinds, durations read from {@code config}. */
  static Expiry expiry(ServerConfig config, Registry registry) {
    return Expiry.over(registry, setting -> config.flags().duration(option(setting)), Clock.systemUTC());
  }

  /**
   * Each resource's value transformer from {@code --encryption-provider-config}; identity for all
   * without it.
   *
   * @throws ConfigException if the file is unreadable or invalid
   */
  static Function<GroupResource, ValueTransformer> encryption(ServerConfig config) {
    return config.flags().path(Option.ENCRYPTION_PROVIDER_CONFIG).map(file -> {
      try {
        return EncryptionConfiguration.read(file).transformers();
      } catch (IllegalArgumentException e) {
        throw ConfigException.invalid("invalid value for " + Option.ENCRYPTION_PROVIDER_CONFIG.flag() + ": " + e.getMessage());
      }
    }).orElse(r -> ValueTransformer.IDENTITY);
  }

  private static Option option(String flagName) {
    return Arrays.stream(Option.values()).filter(o -> o.flagName().equals(flagName)).findFirst()
        .orElseThrow(() -> ConfigException.invalid("a resource's time to live names an unknown setting: " + flagName));
  }
}
