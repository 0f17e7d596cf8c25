package dev.customapiserver.server.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.server.datadir.ServingIdentity;
import dev.customapiserver.testing.TestPki;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The HTTPS port asks for a client certificate and lets the authenticators judge it")
class ClientCertificateRequestTest {
  static final TestPki.Ca SERVING_CA = TestPki.ca("serving-ca");
  static Server jetty;
  static URI base;

  /** Echoes the CN of the certificate the request arrived with, as the authenticators see it. */
  static final class Echo extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      Object chain = req.getAttribute("jakarta.servlet.request.X509Certificate");
      resp.getWriter().print(chain instanceof X509Certificate[] c && c.length > 0 ? c[0].getSubjectX500Principal().getName() : "none");
    }
  }

  @BeforeAll
  static void start() throws Exception {
    TestPki.Issued serving = SERVING_CA.server("apiserver", "127.0.0.1");
    jetty = new Server();
    ServerConnector https = Connectors.https(jetty, "127.0.0.1", 0,
        new ServingIdentity(serving.key(), List.of(serving.certificate()), SERVING_CA.certificate()));
    jetty.addConnector(https);
    ServletContextHandler ctx = new ServletContextHandler();
    ctx.addServlet(new ServletHolder(new Echo()), "/*");
    jetty.setHandler(ctx);
    jetty.start();
    base = URI.create("https://127.0.0.1:" + https.getLocalPort() + "/");
  }

  @AfterAll
  static void stop() throws Exception {
    jetty.stop();
  }

  static String get(SSLContext tls) throws Exception {
    HttpClient client = HttpClient.newBuilder().sslContext(tls).build();
    return client.send(HttpRequest.newBuilder(base).build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  @Test
  @DisplayName("a client without a certificate is served")
  void without() throws Exception {
    assertThat(get(TestPki.trusting(SERVING_CA.certificate()))).isEqualTo("none");
  }

  @Test
  @DisplayName("a certificate from any CA passes the handshake and reaches the request (trust is decided later)")
  void anyCa() throws Exception {
    TestPki.Issued proxy = TestPki.ca("front-proxy-ca").client("front-proxy-client");
    TestPki.Issued stranger = TestPki.ca("nobody-knows-me").client("mallory");

    assertThat(get(proxy.tls(SERVING_CA.certificate()))).isEqualTo("CN=front-proxy-client");
    assertThat(get(stranger.tls(SERVING_CA.certificate()))).isEqualTo("CN=mallory");
  }
}
