package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.admissionregistration.WebhookClientConfig;
import java.io.IOException;
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
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * POSTs AdmissionReviews over HTTPS with the JDK client, one client per CA bundle, within the
 * webhook's timeout; failures become {@link CallFailure}s worded as kube-apiserver's Go client words them.
 */
final class HookClient {
  private static final int MAX_CLIENTS = 64;
  private final ObjectMapper json;
  private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();

  HookClient(ObjectMapper json) {
    this.json = json;
  }

  /** The review response as JSON; fails with {@link CallFailure} (also inside the future). */
  CompletableFuture<JsonNode> post(Webhook w, byte[] review) {
    int seconds = w.timeoutSeconds == null ? 10 : w.timeoutSeconds;
    URI url = url(w.clientConfig, seconds);
    HttpClient client = client(w.clientConfig.caBundle);
    HttpRequest request = HttpRequest.newBuilder(url)
        .timeout(Duration.ofSeconds(seconds))
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(review))
        .build();
    String post = "Post \"" + url + "\": ";
    return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .orTimeout(seconds, java.util.concurrent.TimeUnit.SECONDS)
        .handle((response, error) -> {
          if (error != null) {
            throw new CallFailure("failed to call webhook: " + post + reason(error, url), error);
          }
          return body(response);
        });
  }

  private JsonNode body(HttpResponse<byte[]> response) {
    JsonNode tree;
    try {
      tree = json.readTree(response.body());
    } catch (IOException e) {
      tree = null;
    }
    int code = response.statusCode();
    if (code < 200 || code > 299) {
      String message = tree != null && tree.hasNonNull("message") ? tree.get("message").asText()
          : "the server responded with the status code " + code + " but did not return more information";
      throw new CallFailure("failed to call webhook: " + message);
    }
    if (tree == null || !tree.isObject()) {
      throw new CallFailure("failed to call webhook: the response is not a JSON AdmissionReview");
    }
    return tree;
  }

  /** {@code clientConfig.url}, or {@code https://name.namespace.svc:port/path}, with kube's {@code ?timeout=Ns}. */
  static URI url(WebhookClientConfig cc, int timeoutSeconds) {
    String base;
    if (cc.url != null) {
      base = cc.url;
    } else {
      WebhookClientConfig.ServiceReference s = cc.service;
      base = "https://" + s.name + "." + s.namespace + ".svc:" + (s.port == null ? 443 : s.port)
          + (s.path == null ? "" : s.path);
    }
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
