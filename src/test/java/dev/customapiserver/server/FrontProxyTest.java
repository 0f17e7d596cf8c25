package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.config.Option;
import dev.customapiserver.testing.TestPki;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Behind a front proxy (--requestheader-client-ca-file): its identity headers are trusted only with its certificate")
class FrontProxyTest {
  static final TestPki.Ca FRONT_PROXY_CA = TestPki.ca("front-proxy-ca");
  static final TestPki.Ca OTHER_CA = TestPki.ca("kubernetes");
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  @TempDir static Path dir;
  static DelegatedServer server;

  @BeforeAll
  static void start() throws Exception {
    Path ca = FRONT_PROXY_CA.write(dir.resolve("pki"), "front-proxy-ca");
    server = new DelegatedServer(dir.resolve("data"), Map.of(Option.REQUESTHEADER_CLIENT_CA_FILE, ca.toString(),
        Option.REQUESTHEADER_ALLOWED_NAMES, "front-proxy-client,aggregator"), DelegatedServer.WHO_AM_I);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static HttpResponse<String> asBob(HttpClient client) throws Exception {
    return server.get(client, WIDGETS, "X-Remote-User", "bob", "X-Remote-Group", "devs", "X-Remote-Group", "ops",
        "X-Remote-Uid", "u-42", "X-Remote-Extra-Acme.com%2fProject", "apollo");
  }

  @Test
  @DisplayName("the proxy's certificate makes its headers the user, who is also in system:authenticated")
  void proxiedUser() throws Exception {
    HttpResponse<String> r = asBob(DelegatedServer.client(FRONT_PROXY_CA.client("front-proxy-client")));
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"bob\\\" cannot list resource \\\"widgets\\\" in API group \\\"test.example.com\\\"")
        .contains("uid=\\\"u-42\\\" groups=[devs, ops, system:authenticated] extra={acme.com/project=[apollo]}");
  }

  @Test
  @DisplayName("the same headers without a client certificate are ignored: the request is anonymous")
  void forgedWithoutCertificate() throws Exception {
    HttpResponse<String> r = asBob(DelegatedServer.client(null));
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"system:anonymous\\\" cannot list").doesNotContain("bob");
  }

  @Test
  @DisplayName("the same headers with a certificate of another CA are refused with 401")
  void forgedWithOtherCertificate() throws Exception {
    HttpResponse<String> r = asBob(DelegatedServer.client(OTHER_CA.client("front-proxy-client")));
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.body()).contains("\"reason\":\"Unauthorized\"").doesNotContain("bob");
  }

  @Test
  @DisplayName("a proxy certificate whose CN is not in --requestheader-allowed-names is refused with 401")
  void notAllowedName() throws Exception {
    HttpResponse<String> r = asBob(DelegatedServer.client(FRONT_PROXY_CA.client("mallory")));
    assertThat(r.statusCode()).isEqualTo(401);
  }

  @Test
  @DisplayName("an allowed proxy without a user header leaves the request to the other authenticators")
  void proxyWithoutUser() throws Exception {
    HttpResponse<String> r = server.get(DelegatedServer.client(FRONT_PROXY_CA.client("aggregator")), WIDGETS,
        "Authorization", "Bearer " + DelegatedServer.ADMIN_TOKEN);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"admin\\\" cannot list");
  }
}
