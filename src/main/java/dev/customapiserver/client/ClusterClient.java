package dev.customapiserver.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * JSON over HTTPS to the server of a {@link Kubeconfig}: its CA (or none with {@code
 * insecure-skip-tls-verify}; its {@code tls-server-name} as the name verified and sent as SNI),
 * its client certificate and its bearer token on every request.
 * Failures to reach the server are {@link IOException}s; every HTTP answer is a {@link Response}.
 */
public final class ClusterClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Kubeconfig config;
  private final HttpClient http;
  private final Duration timeout;

  public ClusterClient(Kubeconfig config, Duration timeout) {
    this.config = config;
    this.timeout = timeout;
    HttpClient.Builder builder = HttpClient.newBuilder().sslContext(tls(config)).connectTimeout(timeout)
        .version(HttpClient.Version.HTTP_1_1);
    config.tlsServerName().ifPresent(name -> builder.sslParameters(serverName(name)));
    this.http = builder.build();
  }

  /** A client for the kubeconfig {@code file}; see {@link Kubeconfig#read}. */
  public static ClusterClient of(Path file, Duration timeout) {
    return new ClusterClient(Kubeconfig.read(file), timeout);
  }

  /** An HTTP answer: its status code and JSON body (a missing node when the body is not JSON). */
  public record Response(int code, JsonNode body) {
    public boolean ok() {
      return code >= 200 && code < 300;
    }
  }

  /** The URL of {@code path} on the server ({@code ""} = the server URL itself, as for a webhook). */
  public URI url(String path) {
    String base = config.server().toString();
    if (path.isEmpty()) {
      return config.server();
    }
    return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
  }

  /** POSTs {@code body} to {@code path}. */
  public Response post(String path, JsonNode body) throws IOException, InterruptedException {
    return send(request(path).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build());
  }

  /** GETs {@code path}. */
  public Response get(String path) throws IOException, InterruptedException {
    return send(request(path).GET().build());
  }

  /**
   * Opens the watch stream of {@code path} (with {@code watch=true} in its query): JSON events, one
   * a line. The caller reads and closes it; closing from another thread ends the watch.
   *
   * @throws IOException also when the server answers with an error status (its message included)
   */
  public InputStream watch(String path) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(url(path)).headers(auth()).header("Accept", "application/json").GET().build();
    HttpResponse<InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    if (r.statusCode() / 100 != 2) {
      try (InputStream in = r.body()) {
        throw new IOException("watch " + path + ": HTTP " + r.statusCode() + ": " + new String(in.readAllBytes()));
      }
    }
    return r.body();
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(url(path)).timeout(timeout).headers(auth()).header("Accept", "application/json");
  }

  private String[] auth() {
    Optional<String> token;
    try {
      token = config.currentToken();
    } catch (IllegalArgumentException e) {
      token = Optional.empty(); // the token file vanished; the server will say 401
    }
    return token.map(t -> new String[] {"Authorization", "Bearer " + t}).orElse(new String[] {"User-Agent", "custom-apiserver"});
  }

  private Response send(HttpRequest request) throws IOException, InterruptedException {
    HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    JsonNode body;
    try {
      body = r.body().length == 0 ? JSON.missingNode() : JSON.readTree(r.body());
    } catch (IOException e) {
      body = JSON.missingNode();
    }
    return new Response(r.statusCode(), body == null ? JSON.missingNode() : body);
  }

  private static SSLContext tls(Kubeconfig c) {
    try {
      SSLContext ctx = SSLContext.getInstance("TLS");
      KeyManagerFactory kmf = null;
      if (c.clientKey().isPresent()) {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("client", c.clientKey().get(), new char[0], c.clientCertificate().toArray(Certificate[]::new));
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, new char[0]);
      }
      TrustManager[] trust = null;
      if (c.insecureSkipTlsVerify()) {
        trust = new TrustManager[] {new TrustEverything()};
      } else if (!c.certificateAuthority().isEmpty() || c.tlsServerName().isPresent()) {
        KeyStore ts = null;
        if (!c.certificateAuthority().isEmpty()) {
          ts = KeyStore.getInstance("PKCS12");
          ts.load(null, null);
          int i = 0;
          for (X509Certificate ca : c.certificateAuthority()) {
            ts.setCertificateEntry("ca" + i++, ca);
          }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ts); // null: the JVM's trust
        trust = tmf.getTrustManagers();
        if (c.tlsServerName().isPresent()) {
          X509TrustManager chains = Arrays.stream(trust).filter(X509TrustManager.class::isInstance)
              .map(X509TrustManager.class::cast).findFirst().orElseThrow();
          trust = new TrustManager[] {new ServerNameTrust(chains, c.tlsServerName().get())};
        }
      }
      ctx.init(kmf == null ? null : kmf.getKeyManagers(), trust, null);
      return ctx;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalArgumentException("cannot set up TLS for " + c.server() + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@code tls-server-name} as the SNI name. The JDK client keeps it for a server URL with an IP
   * address; for a URL with a DNS name it sends that name instead (verification still uses
   * {@code tls-server-name}, see {@link ServerNameTrust}).
   */
  private static SSLParameters serverName(String name) {
    SSLParameters p = new SSLParameters();
    p.setServerNames(List.of(new SNIHostName(name)));
    return p;
  }

  /** {@code insecure-skip-tls-verify: true}. */
  private static final class TrustEverything implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
      // not a server
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      // the kubeconfig asked not to verify
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
