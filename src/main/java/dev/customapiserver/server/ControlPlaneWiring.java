package dev.customapiserver.server;

import dev.customapiserver.controllers.expiry.Expiry;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.time.Clock;
import java.util.Arrays;

/**
 * The control-plane services the group modules ask for: expiry of kinds with a time to live (the
 * duration is the server setting the kind names, e.g. {@code --event-ttl}).
 */
final class ControlPlaneWiring {
  private ControlPlaneWiring() {}

  /** The sweepers of the expiring kinds, durations read from {@code config}. */
  static Expiry expiry(ServerConfig config, Registry registry) {
    return Expiry.over(registry, setting -> config.flags().duration(option(setting)), Clock.systemUTC());
  }

  private static Option option(String flagName) {
    return Arrays.stream(Option.values()).filter(o -> o.flagName().equals(flagName)).findFirst()
        .orElseThrow(() -> ConfigException.invalid("a resource's time to live names an unknown setting: " + flagName));
  }
}
