package dev.customapiserver.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A real HTTPS admission webhook on loopback for tests: a self-signed certificate for 127.0.0.1 and
 * localhost made with BouncyCastle, one responder per path (AdmissionReview request in, response out),
 * every review received recorded. {@link #hang} makes a path answer only when the server closes.
 */
public final class WebhookServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpsServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final String caPem;
  private final Map<String, Function<JsonNode, ObjectNode>> responders = new ConcurrentHashMap<>();
  private final Map<String, List<JsonNode>> received = new ConcurrentHashMap<>();
  private final CountDownLatch closing = new CountDownLatch(1);

  public WebhookServer() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp256r1"));
    KeyPair pair = g.generateKeyPair();
    X500Name name = new X500Name("CN=test-webhook");
    Instant now = Instant.now();
    JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now.toEpochMilli()),
        Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))), name, pair.getPublic());
    b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
    b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
        new GeneralName(GeneralName.iPAddress, "127.0.0.1"), new GeneralName(GeneralName.dNSName, "localhost")}));
    X509Certificate cert = new JcaX509CertificateConverter()
        .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
    caPem = "-----BEGIN CERTIFICATE-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(cert.getEncoded())
        + "\n-----END CERTIFICATE-----\n";
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    ks.setKeyEntry("webhook", pair.getPrivate(), new char[0], new Certificate[] {cert});
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, new char[0]);
    SSLContext ssl = SSLContext.getInstance("TLS");
    ssl.init(kmf.getKeyManagers(), null, null);
    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(ssl));
    server.setExecutor(executor);
    server.createContext("/", exchange -> {
      try (exchange) {
        String path = exchange.getRequestURI().getPath();
        JsonNode review = JSON.readTree(exchange.getRequestBody());
        received.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>()).add(review);
        Function<JsonNode, ObjectNode> responder = responders.get(path);
        if (responder == null) {
          exchange.sendResponseHeaders(404, -1);
          return;
        }
        ObjectNode answer = responder.apply(review);
        if (answer == null) {
          exchange.sendResponseHeaders(200, -1);
          return;
        }
        byte[] body = JSON.writeValueAsBytes(answer);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
      } catch (IOException | RuntimeException e) {
        // the client went away (e.g. after its timeout); nothing to answer
      }
    });
    server.start();
  }

  /** The base64 PEM of the certificate, as a webhook configuration's {@code caBundle}. */
  public String caBundle() {
    return Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII));
  }

  /** {@code https://127.0.0.1:<port><path>}. */
  public String url(String path) {
    return "https://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Answers reviews to {@code path} with what {@code responder} makes of them. */
  public WebhookServer on(String path, Function<JsonNode, ObjectNode> responder) {
    responders.put(path, responder);
    return this;
  }

  /** Reviews to {@code path} get no answer until the server closes. */
  public WebhookServer hang(String path) {
    return on(path, review -> {
      try {
        closing.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return allow(review);
    });
  }

  /** The reviews received on {@code path}, in order. */
  public List<JsonNode> received(String path) {
    return received.getOrDefault(path, List.of());
  }

  /** An allowing response to {@code review}. */
  public static ObjectNode allow(JsonNode review) {
    ObjectNode r = JSON.createObjectNode().put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
    r.putObject("response").put("uid", review.at("/request/uid").asText()).put("allowed", true);
    return r;
  }

  /** A denying response with {@code message} (and {@code code} unless 0). */
  public static ObjectNode deny(JsonNode review, String message, int code) {
    ObjectNode r = allow(review);
    ObjectNode resp = (ObjectNode) r.get("response");
    resp.put("allowed", false);
    ObjectNode status = resp.putObject("status").put("message", message);
    if (code != 0) {
      status.put("code", code);
    }
    return r;
  }

  /** An allowing response carrying the JSON Patch {@code patch} (JSON text of an array). */
  public static ObjectNode patch(JsonNode review, String patch) {
    ObjectNode r = allow(review);
    ((ObjectNode) r.get("response")).put("patchType", "JSONPatch")
        .put("patch", Base64.getEncoder().encodeToString(patch.getBytes(StandardCharsets.UTF_8)));
    return r;
  }

  /** {@code response} with {@code warnings} added. */
  public static ObjectNode warn(ObjectNode response, String... warnings) {
    var w = ((ObjectNode) response.get("response")).putArray("warnings");
    for (String s : warnings) {
      w.add(s);
    }
    return response;
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
