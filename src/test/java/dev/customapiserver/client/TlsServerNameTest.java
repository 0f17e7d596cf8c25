package dev.customapiserver.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.customapiserver.testing.TestPki;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server at 127.0.0.1 whose certificate names only {@code apiserver.internal}. */
@DisplayName("tls-server-name in a kubeconfig's cluster")
class TlsServerNameTest {
  static final TestPki.Ca CA = TestPki.ca("cluster-ca");
  static final List<String> SNI = new CopyOnWriteArrayList<>();
  @TempDir static Path dir;
  static HttpsServer server;

  @BeforeAll
  static void start() throws IOException {
    TestPki.Issued serving = CA.server("apiserver", "apiserver.internal");
    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(serving.tls()) {
      @Override
      public void configure(HttpsParameters params) {
        SSLParameters p = getSSLContext().getDefaultSSLParameters();
        p.setSNIMatchers(List.of(new SNIMatcher(0) {
          @Override
          public boolean matches(SNIServerName name) {
            SNI.add(((SNIHostName) name).getAsciiName());
            return true;
          }
        }));
        params.setSSLParameters(p);
      }
    });
    server.createContext("/", exchange -> {
      byte[] body = "{\"kind\":\"Status\",\"status\":\"Success\"}".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  static ClusterClient client(String tlsServerName) throws IOException {
    String ca = Base64.getEncoder().encodeToString(CA.certificatePem().getBytes(StandardCharsets.US_ASCII));
    Path file = Files.writeString(dir.resolve("kubeconfig-" + tlsServerName), "apiVersion: v1\nkind: Config\nclusters:\n"
        + "- name: c\n  cluster:\n    server: https://127.0.0.1:" + server.getAddress().getPort() + "\n"
        + "    certificate-authority-data: " + ca + "\n" + (tlsServerName == null ? "" : "    tls-server-name: " + tlsServerName + "\n"));
    return ClusterClient.of(file, Duration.ofSeconds(10));
  }

  @Test
  @DisplayName("without it the certificate must name 127.0.0.1, and does not: the call fails")
  void withoutServerName() throws IOException {
    assertThatThrownBy(() -> client(null).get("/api")).isInstanceOf(IOException.class);
  }

  @Test
  @DisplayName("with it the certificate is verified against that name, which is also the SNI the server sees")
  void withServerName() throws Exception {
    SNI.clear();
    assertThat(client("apiserver.internal").get("/api").code()).isEqualTo(200);
    assertThat(SNI).contains("apiserver.internal");
  }

  @Test
  @DisplayName("a name the certificate does not carry fails as Go says it: valid for apiserver.internal, not the name")
  void wrongServerName() {
    assertThatThrownBy(() -> client("kubernetes.default.svc").get("/api")).isInstanceOf(IOException.class)
        .hasStackTraceContaining("x509: certificate is valid for apiserver.internal, not kubernetes.default.svc");
  }
}
