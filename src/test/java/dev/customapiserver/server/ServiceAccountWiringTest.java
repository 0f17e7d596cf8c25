package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.config.Option;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("--api-audiences")
class ServiceAccountWiringTest {

  @Test
  @DisplayName("defaults to the issuer (--service-account-issuer or its default), as kube-apiserver; a list otherwise")
  void audiences() {
    assertThat(ServiceAccountWiring.audiences(AuthorizationModesTest.config(Map.of())))
        .containsExactly(ServiceAccountWiring.DEFAULT_ISSUER);
    assertThat(ServiceAccountWiring.audiences(AuthorizationModesTest.config(Map.of(Option.SERVICE_ACCOUNT_ISSUER,
        "https://issuer.example")))).containsExactly("https://issuer.example");
    assertThat(ServiceAccountWiring.audiences(AuthorizationModesTest.config(Map.of(Option.API_AUDIENCES, "api,vault"))))
        .containsExactly("api", "vault");
  }
}
