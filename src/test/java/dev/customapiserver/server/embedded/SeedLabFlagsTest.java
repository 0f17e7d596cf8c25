package dev.customapiserver.server.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.ServerConfig;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's lab switches on a started server (memory storage, HTTPS and plain HTTP on free loopback
 * ports): unconditional updates, the local administrator, the kubeconfig and token switches and the
 * PKCS#12 client certificate under {@code --file-rootpath}.
 */
@DisplayName("Seed 000's lab flags on a running server")
class SeedLabFlagsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FOOS = "/apis/hello.zeng.dev/v1/namespaces/default/foos";
  private final HttpClient plain = HttpClient.newHttpClient();

  @TempDir Path dir;

  private EmbeddedServer start(String... flags) throws Exception {
    List<String> args = new ArrayList<>(List.of("--data-dir", dir.resolve("data").toString(), "--secure-port", "0",
        "--port", "0", "--storage-backend", "memory"));
    args.addAll(List.of(flags));
    ServerConfig config = ConfigLoader.load(CommandLine.parse(args), Map.of());
    return EmbeddedServer.start(config);
  }

  private HttpResponse<String> send(URI base, String method, String path, String body, String token) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json");
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return plain.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String foo(String name, String msg) {
    return "{\"apiVersion\":\"hello.zeng.dev/v1\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"msg\":\"" + msg + "\"}}";
  }

  private String token() throws Exception {
    return Files.readString(dir.resolve("data/admin.token")).trim();
  }

  @Test
  @DisplayName("--unrestricted-update=true: a PUT without metadata.resourceVersion replaces the object (200, a new resourceVersion)")
  void unrestrictedUpdate() throws Exception {
    try (EmbeddedServer server = start("--unrestricted-update=true")) {
      URI base = server.plainUri().orElseThrow();
      HttpResponse<String> created = send(base, "POST", FOOS, foo("a", "one"), token());
      assertThat(created.statusCode()).isEqualTo(201);
      HttpResponse<String> put = send(base, "PUT", FOOS + "/a", foo("a", "two"), token());
      assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
      JsonNode updated = JSON.readTree(put.body());
      assertThat(updated.at("/spec/msg").asText()).isEqualTo("two");
      assertThat(updated.at("/metadata/resourceVersion").asText())
          .isNotEqualTo(JSON.readTree(created.body()).at("/metadata/resourceVersion").asText());
      ObjectNode stale = (ObjectNode) JSON.readTree(created.body());
      ((ObjectNode) stale.get("spec")).put("msg", "three");
      assertThat(send(base, "PUT", FOOS + "/a", stale.toString(), token()).statusCode())
          .as("a resourceVersion that is given is still a precondition").isEqualTo(409);
    }
  }

  @Test
  @DisplayName("--authn-allow-localhost=true: no credentials from 127.0.0.1 is the admin over HTTP and HTTPS; a bad token stays 401")
  void localhostAdmin() throws Exception {
    try (EmbeddedServer server = start("--authn-allow-localhost=true")) {
      URI base = server.plainUri().orElseThrow();
      assertThat(send(base, "POST", FOOS, foo("local", "hi"), null).statusCode()).isEqualTo(201);
      HttpResponse<String> review = send(base, "POST", "/apis/authentication.k8s.io/v1/selfsubjectreviews",
          "{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"SelfSubjectReview\"}", null);
      assertThat(JSON.readTree(review.body()).at("/status/userInfo/username").asText()).isEqualTo("system:unsecured");
      assertThat(JSON.readTree(review.body()).at("/status/userInfo/groups").toString()).contains("system:masters");
      assertThat(send(base, "GET", FOOS, null, "not-a-token").statusCode()).isEqualTo(401);
      HttpResponse<String> https = HttpClient.newBuilder().sslContext(trusting(dir.resolve("data/pki/ca.crt"), null))
          .build().send(HttpRequest.newBuilder(server.secureUri().resolve(FOOS + "/local")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(https.statusCode()).isEqualTo(200);
    }
  }

  @Test
  @DisplayName("--authn-allow-localhost=true: a peer that is not loopback stays system:anonymous, also with X-Forwarded-For: 127.0.0.1")
  void notForOtherPeers() throws Exception {
    String own = ownAddress();
    assumeTrue(own != null, "no non-loopback IPv4 address on this machine");
    try (EmbeddedServer server = start("--authn-allow-localhost=true", "--bind-address=0.0.0.0")) {
      URI viaOwnAddress = URI.create("http://" + own + ":" + server.plainUri().orElseThrow().getPort());
      for (String header : List.of("X-Forwarded-For", "X-Real-Ip", "Forwarded")) {
        HttpResponse<String> r = plain.send(HttpRequest.newBuilder(viaOwnAddress.resolve(FOOS))
            .header(header, header.equals("Forwarded") ? "for=127.0.0.1" : "127.0.0.1").build(),
            HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(header).isEqualTo(403);
        assertThat(r.body()).contains("system:anonymous");
      }
    }
  }

  private static String ownAddress() throws Exception {
    for (NetworkInterface nic : java.util.Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
        if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
          return a.getHostAddress();
        }
      }
    }
    return null;
  }

  @Test
  @DisplayName("off by default: no credentials from 127.0.0.1 is system:anonymous, forbidden by RBAC")
  void localhostAdminOffByDefault() throws Exception {
    try (EmbeddedServer server = start()) {
      HttpResponse<String> r = send(server.plainUri().orElseThrow(), "GET", FOOS, null, null);
      assertThat(r.statusCode()).isEqualTo(403);
      assertThat(r.body()).contains("system:anonymous");
    }
  }

  @Test
  @DisplayName("--kubectl-disabled=true writes no kubeconfig; the admin token still works")
  void kubectlDisabled() throws Exception {
    try (EmbeddedServer server = start("--kubectl-disabled=true")) {
      assertThat(server.kubeconfig()).isEmpty();
      assertThat(dir.resolve("data/kubeconfig")).doesNotExist();
      assertThat(send(server.plainUri().orElseThrow(), "GET", FOOS, null, token()).statusCode()).isEqualTo(200);
    }
  }

  @Test
  @DisplayName("--kubectl-ephemeral-token=true: a new admin token at every start, the previous one refused; false keeps it")
  void ephemeralToken() throws Exception {
    String first;
    try (EmbeddedServer server = start()) {
      first = token();
    }
    try (EmbeddedServer server = start("--kubectl-ephemeral-token=false")) {
      assertThat(token()).isEqualTo(first);
      assertThat(send(server.plainUri().orElseThrow(), "GET", FOOS, null, first).statusCode()).isEqualTo(200);
    }
    try (EmbeddedServer server = start("--kubectl-ephemeral-token=true")) {
      String second = token();
      assertThat(second).isNotEqualTo(first);
      assertThat(Files.readString(server.kubeconfig().orElseThrow())).contains(second).doesNotContain(first);
      URI base = server.plainUri().orElseThrow();
      assertThat(send(base, "GET", FOOS, null, first).statusCode()).isEqualTo(401);
      assertThat(send(base, "GET", FOOS, null, second).statusCode()).isEqualTo(200);
    }
  }

  @Test
  @DisplayName("--file-rootpath=DIR: DIR/cert/client.p12 (password P@ssw0rd, or --client-certificate-password) authenticates as the admin")
  void clientP12() throws Exception {
    Path root = dir.resolve("lab");
    List<String> args = new ArrayList<>(List.of("--file-rootpath", root.toString(), "--secure-port", "0",
        "--storage-backend", "memory", "--client-certificate-password", "s3cret"));
    try (EmbeddedServer server = EmbeddedServer.start(ConfigLoader.load(CommandLine.parse(args), Map.of()))) {
      assertThat(root.resolve("cert")).isDirectoryContaining(p -> p.getFileName().toString().equals("client.crt"))
          .isDirectoryContaining(p -> p.getFileName().toString().equals("client.key"))
          .isDirectoryContaining(p -> p.getFileName().toString().equals("ca.crt"));
      assertThat(root.resolve("kubeconfig")).as("--file-rootpath is the data directory").exists();
      HttpClient client = HttpClient.newBuilder()
          .sslContext(trusting(root.resolve("cert/ca.crt"), new Object[] {root.resolve("cert/client.p12"), "s3cret"})).build();
      HttpResponse<String> review = client.send(HttpRequest.newBuilder(
          server.secureUri().resolve("/apis/authentication.k8s.io/v1/selfsubjectreviews"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"SelfSubjectReview\"}"))
          .build(), HttpResponse.BodyHandlers.ofString());
      assertThat(review.statusCode()).as(review.body()).isEqualTo(201);
      assertThat(JSON.readTree(review.body()).at("/status/userInfo/username").asText()).isEqualTo("admin");
      assertThat(JSON.readTree(review.body()).at("/status/userInfo/groups").toString()).contains("system:masters");
    }
  }

  /** TLS trusting the PEM CA {@code ca}; {@code p12} = {file, password} as the client identity, or null. */
  private static SSLContext trusting(Path ca, Object[] p12) throws Exception {
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream in = Files.newInputStream(ca)) {
      trust.setCertificateEntry("ca", (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    KeyManagerFactory kmf = null;
    if (p12 != null) {
      KeyStore keys = KeyStore.getInstance("PKCS12");
      char[] password = ((String) p12[1]).toCharArray();
      try (InputStream in = Files.newInputStream((Path) p12[0])) {
        keys.load(in, password);
      }
      kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keys, password);
    }
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
    return tls;
  }
}
