package dev.customapiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The authentication chain: first user wins, rejected credentials are 401, nothing is anonymous")
class AuthenticationChainTest {
  private final TokenAuthenticator tokens = TokenAuthenticator.of(Map.of("t1", UserInfo.of("alice", "dev")));
  private final Authenticator rejectsEverything = c -> Authenticator.Result.rejected("bad certificate");

  @Test
  @DisplayName("a known token names its user, with system:authenticated")
  void token() {
    AuthenticationChain chain = AuthenticationChain.ofTokens(List.of(tokens));
    assertThat(chain.authenticate(Credentials.token("t1"))).get()
        .satisfies(u -> assertThat(u.name()).isEqualTo("alice"))
        .satisfies(u -> assertThat(u.groups()).containsExactly("dev", SystemGroups.AUTHENTICATED));
  }

  @Test
  @DisplayName("an unknown token is refused even where anonymous requests pass")
  void unknownToken() {
    assertThat(AuthenticationChain.ofTokens(List.of(tokens)).authenticate(Credentials.token("nope"))).isEmpty();
  }

  @Test
  @DisplayName("no credentials: system:anonymous in system:unauthenticated, or refused with --anonymous-auth=false")
  void anonymous() {
    assertThat(AuthenticationChain.ofTokens(List.of(tokens)).authenticate(Credentials.none())).get()
        .satisfies(u -> assertThat(u.name()).isEqualTo("system:anonymous"))
        .satisfies(u -> assertThat(u.groups()).containsExactly("system:unauthenticated"));
    AuthenticationChain closed = new AuthenticationChain(List.of(AuthenticationChain.bearerTokens(List.of(tokens))), false);
    assertThat(closed.authenticate(Credentials.none())).isEmpty();
  }

  @Test
  @DisplayName("any authenticator that succeeds wins over one that rejects")
  void union() {
    AuthenticationChain chain = new AuthenticationChain(List.of(rejectsEverything,
        AuthenticationChain.bearerTokens(List.of(tokens))), true);
    assertThat(chain.authenticate(Credentials.token("t1"))).get().extracting(UserInfo::name).isEqualTo("alice");
    assertThat(chain.authenticate(Credentials.none())).as("rejected and nothing accepted: 401, not anonymous").isEmpty();
  }

  @Test
  @DisplayName("a malformed token offer (WebSocket subprotocol) is refused")
  void invalidOffer() {
    assertThat(AuthenticationChain.ofTokens(List.of(tokens))
        .authenticate(new Credentials(java.util.Optional.empty(), List.of(), true))).isEmpty();
  }

  @Test
  @DisplayName("LocalhostAdmin (--authn-allow-localhost): nothing presented from a loopback peer is system:unsecured in system:masters")
  void localhostAdmin() {
    AuthenticationChain chain = new AuthenticationChain(List.of(AuthenticationChain.bearerTokens(List.of(tokens)),
        new LocalhostAdmin()), true);
    Credentials local = new Credentials(java.util.Optional.empty(), List.of(), false, null, true);
    assertThat(chain.authenticate(local)).get()
        .satisfies(u -> assertThat(u.name()).isEqualTo("system:unsecured"))
        .satisfies(u -> assertThat(u.groups()).containsExactly(SystemGroups.MASTERS, SystemGroups.AUTHENTICATED));
    assertThat(chain.authenticate(Credentials.none())).as("not a loopback peer").get()
        .extracting(UserInfo::name).isEqualTo("system:anonymous");
    assertThat(chain.authenticate(new Credentials(java.util.Optional.of("nope"), List.of(), false, null, true)))
        .as("a bad token from a loopback peer is still refused").isEmpty();
    assertThat(chain.authenticate(new Credentials(java.util.Optional.of("t1"), List.of(), false, null, true))).get()
        .as("a good token names its own user").extracting(UserInfo::name).isEqualTo("alice");
  }
}
