package dev.customapiserver.webhookclient;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * POSTs JSON to webhooks with the JDK client, one client per CA bundle, within a timeout. Failures
 * are {@link WebhookCallException}s worded as Go's client words them. Thread-safe; one per server.
 */
public final class WebhookTransport {
  private static final int MAX_CLIENTS = 64;
  private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();

  /**
   * The response (any status code) to POSTing {@code body} to {@code url}, trusting {@code caBundle}
   * (base64 PEM; null or empty: the system roots).
   *
   * @return a future failing with a {@link WebhookCallException} ({@code Post "url": reason}) when
   *     the webhook cannot be reached, refuses TLS or does not answer in time
   * @throws WebhookCallException at once when the CA bundle holds no certificate
   */
  public CompletableFuture<HttpResponse<byte[]>> post(URI url, String caBundle, int timeoutSeconds, byte[] body) {
    HttpClient client = client(caBundle);
    HttpRequest request = HttpRequest.newBuilder(url)
        .timeout(Duration.ofSeconds(timeoutSeconds))
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
    return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .orTimeout(timeoutSeconds, TimeUnit.SECONDS)
        .handle((response, error) -> {
          if (error != null) {
            throw new WebhookCallException("Post \"" + url + "\": " + reason(error, url), error);
          }
          return response;
        });
  }

  /**
   * {@code url}, or {@code https://name.namespace.svc:port/path} for a service reference (port 443
   * when null), with kube's {@code ?timeout=Ns} appended.
   */
  public static URI url(String url, String serviceName, String serviceNamespace, Integer port, String path,
      int timeoutSeconds) {
    String base = url != null ? url
        : "https://" + serviceName + "." + serviceNamespace + ".svc:" + (port == null ? 443 : port) + (path == null ? "" : path);
    return URI.create(base + (base.contains("?") ? "&" : "?") + "timeout=" + timeoutSeconds + "s");
  }

  private HttpClient client(String caBundle) {
    String key = caBundle == null ? "" : caBundle;
    HttpClient c = clients.get(key);
    if (c == null) {
      if (clients.size() >= MAX_CLIENTS) {
        clients.clear();
      }
      c = HttpClient.newBuilder().sslContext(TlsTrust.forBundle(caBundle)).connectTimeout(Duration.ofSeconds(30)).build();
      clients.put(key, c);
    }
    return c;
  }

  /** Why a call failed, as Go's net/http and crypto/tls word it. */
  private static String reason(Throwable error, URI url) {
    Throwable e = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    String hostPort = url.getHost() + ":" + url.getPort();
    if (e instanceof HttpTimeoutException || e instanceof TimeoutException) {
      return "context deadline exceeded";
    }
    if (e instanceof ConnectException && e.getCause() instanceof UnknownHostException || e instanceof UnknownHostException) {
      return "dial tcp: lookup " + url.getHost() + ": no such host";
    }
    if (e instanceof ConnectException) {
      return "dial tcp " + hostPort + ": connect: connection refused";
    }
    if (e instanceof SSLException) {
      String m = String.valueOf(e.getMessage());
      return m.contains("PKIX") ? "tls: failed to verify certificate: x509: certificate signed by unknown authority"
          : "tls: failed to verify certificate: " + m;
    }
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
