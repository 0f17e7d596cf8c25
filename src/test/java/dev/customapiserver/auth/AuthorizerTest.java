package dev.customapiserver.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Authentication and authorization rules")
class AuthorizerTest {
  private static final UserInfo ALICE = UserInfo.of("alice", SystemGroups.AUTHENTICATED);
  private static final UserInfo ANONYMOUS = UserInfo.of(SystemGroups.ANONYMOUS_USER, SystemGroups.UNAUTHENTICATED);
  private final Authorizer authorizer = Authorizer.authenticatedMayDoEverything();

  private static AuthorizationAttributes resource(UserInfo u, String verb, String ns, String name) {
    return new AuthorizationAttributes(u, verb, true, "hello.zeng.dev", "v1", "foos", "", ns, name, "/apis/...");
  }

  @Test
  @DisplayName("authenticated users may do everything")
  void authenticated() {
    assertThat(authorizer.authorize(resource(ALICE, "delete", "default", "x")).allowed()).isTrue();
    assertThat(authorizer.authorize(AuthorizationAttributes.nonResource(ALICE, "post", "/anything")).allowed()).isTrue();
  }

  @Test
  @DisplayName("anyone may GET the public paths; nothing else")
  void anonymous() {
    assertThat(authorizer.authorize(AuthorizationAttributes.nonResource(ANONYMOUS, "get", "/version")).allowed()).isTrue();
    assertThat(authorizer.authorize(AuthorizationAttributes.nonResource(ANONYMOUS, "get", "/readyz/storage")).allowed()).isTrue();
    assertThat(authorizer.authorize(AuthorizationAttributes.nonResource(ANONYMOUS, "post", "/healthz")).allowed()).isFalse();
    assertThat(authorizer.authorize(AuthorizationAttributes.nonResource(ANONYMOUS, "get", "/versions")).allowed()).isFalse();
    assertThat(authorizer.authorize(resource(ANONYMOUS, "get", "default", "x")).allowed()).isFalse();
  }

  @Test
  @DisplayName("public paths are /healthz, /livez, /readyz, /version and their sub-paths")
  void publicPaths() {
    assertThat(PublicPaths.isPublic("/healthz")).isTrue();
    assertThat(PublicPaths.isPublic("/livez/ping")).isTrue();
    assertThat(PublicPaths.isPublic("/version/")).isTrue();
    assertThat(PublicPaths.isPublic("/healthzz")).isFalse();
    assertThat(PublicPaths.isPublic("/api")).isFalse();
  }

  @Test
  @DisplayName("a denial is worded as kube-apiserver words it")
  void forbiddenMessages() {
    UserInfo u = UserInfo.of("u");
    assertThat(resource(u, "get", "default", "x").forbiddenMessage())
        .isEqualTo("User \"u\" cannot get resource \"foos\" in API group \"hello.zeng.dev\" in the namespace \"default\"");
    assertThat(new AuthorizationAttributes(u, "list", true, "", "v1", "namespaces", "status", "", "", "/api/v1/namespaces")
        .forbiddenMessage())
        .isEqualTo("User \"u\" cannot list resource \"namespaces/status\" in API group \"\" at the cluster scope");
    assertThat(AuthorizationAttributes.nonResource(u, "get", "/metrics").forbiddenMessage())
        .isEqualTo("User \"u\" cannot get path \"/metrics\"");
  }

  @Test
  @DisplayName("tokens resolve to their users, who are all in system:authenticated")
  void tokens() {
    TokenAuthenticator a = TokenAuthenticator.of(Map.of("t", UserInfo.of("admin", SystemGroups.MASTERS)));
    assertThat(a.authenticate("t")).hasValueSatisfying(u -> {
      assertThat(u.name()).isEqualTo("admin");
      assertThat(u.groups()).containsExactly(SystemGroups.MASTERS, SystemGroups.AUTHENTICATED);
    });
    assertThat(a.authenticate("other")).isEmpty();
    assertThat(a.authenticate("")).isEmpty();
  }
}
