package dev.customapiserver.auth.requestheader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator.Authenticated;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator.Failed;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator.NotApplicable;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator.Result;
import dev.customapiserver.testing.TestPki;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Request-header (front proxy) authentication")
class RequestHeaderAuthenticatorTest {
  static final TestPki.Ca FRONT_PROXY_CA = TestPki.ca("front-proxy-ca");
  static final TestPki.Ca CLUSTER_CA = TestPki.ca("kubernetes");
  static final TestPki.Issued PROXY = FRONT_PROXY_CA.client("front-proxy-client");

  static RequestHeaderConfig config(List<String> allowedNames, TestPki.Ca... cas) {
    return new RequestHeaderConfig(List.of(cas).stream().map(TestPki.Ca::certificate).toList(), allowedNames,
        List.of("X-Remote-User"), List.of("X-Remote-Uid"), List.of("X-Remote-Group"), List.of("X-Remote-Extra-"));
  }

  static final class Headers implements RequestHeaders {
    final Map<String, List<String>> map = new LinkedHashMap<>();

    Headers add(String name, String value) {
      map.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
      return this;
    }

    @Override
    public List<String> names() {
      return List.copyOf(map.keySet());
    }

    @Override
    public List<String> values(String name) {
      return map.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).flatMap(e -> e.getValue().stream()).toList();
    }
  }

  static Headers bob() {
    return new Headers().add("X-Remote-User", "bob").add("X-Remote-Group", "devs").add("X-Remote-Group", "ops")
        .add("X-Remote-Uid", "uid-1").add("X-Remote-Extra-Scopes", "view").add("x-remote-extra-Acme.com%2fProject", "a");
  }

  static Result as(RequestHeaderConfig config, List<X509Certificate> chain, Headers headers) {
    return RequestHeaderAuthenticator.of(config).authenticate(chain, headers);
  }

  @Test
  @DisplayName("a proxy certificate from the request-header CA makes the identity headers trusted (extra keys lower-cased and unescaped)")
  void trusted() {
    Result r = as(config(List.of()), List.of(PROXY.certificate()), bob());

    assertThat(r).isEqualTo(new Authenticated(new UserInfo("bob", "uid-1", List.of("devs", "ops"),
        Map.of("scopes", List.of("view"), "acme.com/project", List.of("a")))));
  }

  private static RequestHeaderConfig config(List<String> names) {
    return config(names, FRONT_PROXY_CA);
  }

  @Test
  @DisplayName("the same headers without a client certificate are not trusted: another authenticator decides")
  void noCertificate() {
    assertThat(as(config(List.of()), List.of(), bob())).isInstanceOf(NotApplicable.class);
  }

  @Test
  @DisplayName("a client certificate from another CA fails (a user's own certificate is for the x509 authenticator)")
  void otherCa() {
    Result r = as(config(List.of()), List.of(CLUSTER_CA.client("front-proxy-client").certificate()), bob());

    assertThat(r).isEqualTo(new Failed("x509: certificate signed by unknown authority"));
  }

  @Test
  @DisplayName("a CN outside --requestheader-allowed-names fails with kube's wording")
  void allowedNames() {
    Result r = as(config(List.of("aggregator")), List.of(PROXY.certificate()), bob());

    assertThat(r).isEqualTo(new Failed("x509: subject with cn=front-proxy-client is not in the allowed list"));
    assertThat(as(config(List.of("aggregator", "front-proxy-client")), List.of(PROXY.certificate()), bob()))
        .isInstanceOf(Authenticated.class);
  }

  @Test
  @DisplayName("an expired proxy certificate or one without clientAuth usage fails")
  void usageAndValidity() {
    assertThat(as(config(List.of()), List.of(FRONT_PROXY_CA.expiredClient("p").certificate()), bob()))
        .isInstanceOf(Failed.class);
    assertThat(as(config(List.of()), List.of(FRONT_PROXY_CA.serverOnlyClient("p").certificate()), bob()))
        .isEqualTo(new Failed("x509: certificate specifies an incompatible key usage"));
  }

  @Test
  @DisplayName("a trusted proxy without a user-name header leaves the decision to the next authenticator")
  void noUser() {
    assertThat(as(config(List.of()), List.of(PROXY.certificate()), new Headers().add("X-Remote-Group", "g")))
        .isInstanceOf(NotApplicable.class);
    assertThat(as(config(List.of()), List.of(PROXY.certificate()), new Headers().add("X-Remote-User", "")))
        .isInstanceOf(NotApplicable.class);
  }

  @Test
  @DisplayName("the first configured user-name header that is set wins; groups come from every group header")
  void headerOrder() {
    RequestHeaderConfig c = new RequestHeaderConfig(List.of(FRONT_PROXY_CA.certificate()), List.of(),
        List.of("X-User", "X-Remote-User"), List.of(), List.of("X-Group", "X-Remote-Group"), List.of());
    Result r = as(c, List.of(PROXY.certificate()), new Headers().add("X-Remote-User", "second").add("x-user", "first")
        .add("X-Remote-Group", "b").add("X-Group", "a"));

    assertThat(r).isEqualTo(new Authenticated(new UserInfo("first", "", List.of("a", "b"), Map.of())));
  }

  @Test
  @DisplayName("the configuration is read per request: a rotated CA applies to the next request")
  void rotation() {
    TestPki.Ca next = TestPki.ca("front-proxy-ca-2");
    AtomicReference<RequestHeaderConfig> current = new AtomicReference<>(config(List.of()));
    RequestHeaderAuthenticator a = new RequestHeaderAuthenticator(() -> Optional.of(current.get()), Clock.systemUTC());
    List<X509Certificate> newProxy = List.of(next.client("front-proxy-client").certificate());

    assertThat(a.authenticate(newProxy, bob())).isInstanceOf(Failed.class);
    current.set(config(List.of(), next));
    assertThat(a.authenticate(newProxy, bob())).isInstanceOf(Authenticated.class);
    assertThat(a.authenticate(List.of(PROXY.certificate()), bob())).isInstanceOf(Failed.class);
  }

  @Test
  @DisplayName("without a configuration (none looked up yet) nothing is trusted")
  void unconfigured() {
    RequestHeaderAuthenticator a = new RequestHeaderAuthenticator(Optional::empty, Clock.systemUTC());

    assertThat(a.authenticate(List.of(PROXY.certificate()), bob())).isInstanceOf(NotApplicable.class);
  }

  @Test
  @DisplayName("the identity headers to strip are found case-insensitively, extra ones by prefix")
  void identityHeaders() {
    assertThat(RequestHeaderAuthenticator.identityHeaders(config(List.of()),
        List.of("x-remote-user", "X-REMOTE-GROUP", "X-Remote-Extra-a", "X-Remote-Uid", "Accept", "X-Remote-Other")))
        .containsExactly("x-remote-user", "X-REMOTE-GROUP", "X-Remote-Extra-a", "X-Remote-Uid");
  }

  @Test
  @DisplayName("extra keys: malformed escapes are kept as sent, '+' is not a space")
  void unescape() {
    assertThat(RequestHeaderAuthenticator.unescape("a%2Fb")).isEqualTo("a/b");
    assertThat(RequestHeaderAuthenticator.unescape("a+b")).isEqualTo("a+b");
    assertThat(RequestHeaderAuthenticator.unescape("bad%zz")).isEqualTo("bad%zz");
  }
}
