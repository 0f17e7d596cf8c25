package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("--authorization-mode")
class AuthorizationModesTest {

  static ServerConfig config(Map<Option, String> flags) {
    return new ServerConfig(Path.of("unused"), 0, "127.0.0.1", OptionalInt.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", false, 0).withFlags(Flags.with(flags));
  }

  @Test
  @DisplayName("defaults to RBAC and keeps the order given")
  void modes() {
    assertThat(AuthorizationWiring.modes(config(Map.of()))).containsExactly("RBAC");
    assertThat(AuthorizationWiring.modes(config(Map.of(Option.AUTHORIZATION_MODE, "AlwaysDeny,RBAC,AlwaysAllow"))))
        .containsExactly("AlwaysDeny", "RBAC", "AlwaysAllow");
  }

  @Test
  @DisplayName("refuses unknown and repeated modes, and Webhook without its file, worded as kube-apiserver")
  void errors() {
    assertThatThrownBy(() -> AuthorizationWiring.modes(config(Map.of(Option.AUTHORIZATION_MODE, "RBAC,Magic"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("authorization-mode \"Magic\" is not a valid mode");
    assertThatThrownBy(() -> AuthorizationWiring.modes(config(Map.of(Option.AUTHORIZATION_MODE, "RBAC,RBAC"))))
        .hasMessageContaining("authorization-mode \"RBAC,RBAC\" has mode specified more than once");
    assertThatThrownBy(() -> AuthorizationWiring.modes(config(Map.of(Option.AUTHORIZATION_MODE, "Webhook"))))
        .hasMessageContaining("authorization-mode Webhook's authorization config file not passed");
  }
}
