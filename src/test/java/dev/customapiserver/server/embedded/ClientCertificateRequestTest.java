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
import javax.net.ssl.SSLParameters;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The HTTPS port asks for a client certificate and lets the authenticators judge it, and picks kube-apiserver's cipher")
class ClientCertificateRequestTest {
  static final TestPki.Ca SERVING_CA = TestPki.ca("serving-ca");
  static Server jetty;
  static URI base;

  /** Echoes the CN of the certificate the request arrived with, as the authenticators see it. */
  static final class Echo extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      if (req.getRequestURI().equals("/cipher")) {
        resp.getWriter().print(req.getAttribute("jakarta.servlet.request.cipher_suite"));
        return;
      }
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
    return get(HttpClient.newBuilder().sslContext(tls).build(), base);
  }

  static String get(HttpClient client, URI uri) throws Exception {
    return client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  @Test
  @DisplayName("the server's preference decides the cipher: AES-128-GCM first, as Go's crypto/tls on AES hardware (TLS 1.3 and 1.2)")
  void cipherOrder() throws Exception {
    SSLContext tls = TestPki.trusting(SERVING_CA.certificate());
    // the JDK's client offers TLS_AES_256_GCM_SHA384 (and its TLS 1.2 AES-256 suites) first
    assertThat(tls.getDefaultSSLParameters().getCipherSuites()[0]).isEqualTo("TLS_AES_256_GCM_SHA384");
    assertThat(get(HttpClient.newBuilder().sslContext(tls).build(), base.resolve("/cipher")))
        .isEqualTo("TLS_AES_128_GCM_SHA256");
    SSLParameters tls12 = tls.getDefaultSSLParameters();
    tls12.setProtocols(new String[] {"TLSv1.2"});
    assertThat(get(HttpClient.newBuilder().sslContext(tls).sslParameters(tls12).build(), base.resolve("/cipher")))
        .isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
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
