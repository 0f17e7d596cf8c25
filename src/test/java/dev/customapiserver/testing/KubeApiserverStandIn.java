package dev.customapiserver.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A kube-apiserver stand-in on loopback HTTPS, answering what an aggregated server asks of its core
 * cluster, on kube's paths and with kube's bodies: TokenReview and SubjectAccessReview v1 (callers
 * must present {@link #CALLER_TOKEN}, the server's service-account token, else 401), the {@code
 * kube-system/extension-apiserver-authentication} ConfigMap (get, list and watch with a name field
 * selector, events in order from a resourceVersion), Namespaces and Mutating- and
 * ValidatingWebhookConfigurations (list, get, watch).
 */
public final class KubeApiserverStandIn implements AutoCloseable {
  public static final String CALLER_TOKEN = "aggregated-server-sa-token";
  public static final String CONFIGMAP = "extension-apiserver-authentication";
  private static final String ADMISSIONREGISTRATION = "/apis/admissionregistration.k8s.io/v1/";
  private static final ObjectMapper JSON = new ObjectMapper();
  public final TestPki.Ca ca = TestPki.ca("kubernetes");
  private final HttpsServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Map<String, ObjectNode> tokens = new ConcurrentHashMap<>();
  private final List<JsonNode> tokenReviews = new CopyOnWriteArrayList<>();
  private final List<JsonNode> accessReviews = new CopyOnWriteArrayList<>();
  private volatile Function<JsonNode, ObjectNode> policy = spec -> JSON.createObjectNode().put("allowed", false);
  private volatile int tokenReviewFailure;
  private volatile int accessReviewFailure;
  private final Object lock = new Object();
  /** Every change, in order: {type, object} with the object's resourceVersion. */
  private final List<ObjectNode> events = new ArrayList<>();
  private final Map<String, ObjectNode> objects = new ConcurrentHashMap<>();
  private long revision = 100;
  private volatile Aggregator aggregator;
  private boolean closed;

  public KubeApiserverStandIn() throws IOException {
    TestPki.Issued serving = ca.server("kube-apiserver", "127.0.0.1", "localhost");
    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(serving.tls()));
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  /** {@code https://127.0.0.1:<port>}. */
  public String url() {
    return "https://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Writes a kubeconfig for this server with {@code token} as the user, returns its path. */
  public Path kubeconfig(Path dir, String name, String token) throws IOException {
    return kubeconfigFor(dir, name, url(), token);
  }

  /** A kubeconfig whose server is {@code serverUrl} (e.g. a webhook's URL on this server), CA this server's. */
  public Path kubeconfigFor(Path dir, String name, String serverUrl, String token) throws IOException {
    Files.createDirectories(dir);
    String caData = Base64.getEncoder().encodeToString(ca.certificatePem().getBytes(StandardCharsets.US_ASCII));
    return Files.writeString(dir.resolve(name), "apiVersion: v1\nkind: Config\nclusters:\n- name: core\n  cluster:\n"
        + "    server: " + serverUrl + "\n    certificate-authority-data: " + caData + "\nusers:\n- name: sa\n  user:\n"
        + "    token: " + token + "\ncontexts:\n- name: core\n  context:\n    cluster: core\n    user: sa\n"
        + "current-context: core\n");
  }

  /** TokenReviews of {@code token} answer {@code username} in {@code groups}. */
  public KubeApiserverStandIn token(String token, String username, String... groups) {
    ObjectNode user = JSON.createObjectNode().put("username", username).put("uid", "uid-" + username);
    ArrayNode g = user.putArray("groups");
    for (String s : groups) {
      g.add(s);
    }
    tokens.put(token, user);
    return this;
  }

  /** SubjectAccessReviews are answered with {@code policy(spec)} as the status. */
  public KubeApiserverStandIn policy(Function<JsonNode, ObjectNode> policy) {
    this.policy = policy;
    return this;
  }

  /** A status allowing ({@code status.allowed}) with kube's RBAC reason. */
  public static ObjectNode allowed() {
    return JSON.createObjectNode().put("allowed", true).put("reason", "RBAC: allowed by the stand-in");
  }

  /** A status neither allowing nor denying (RBAC's "no opinion"). */
  public static ObjectNode notAllowed() {
    return JSON.createObjectNode().put("allowed", false);
  }

  /** TokenReviews fail with {@code code} (0 = answer normally). */
  public void failTokenReviews(int code) {
    tokenReviewFailure = code;
  }

  /** SubjectAccessReviews fail with {@code code} (0 = answer normally). */
  public void failAccessReviews(int code) {
    accessReviewFailure = code;
  }

  public List<JsonNode> tokenReviews() {
    return tokenReviews;
  }

  public List<JsonNode> accessReviews() {
    return accessReviews;
  }

  /** Creates or replaces the {@code extension-apiserver-authentication} ConfigMap with {@code data}. */
  public void authenticationConfigMap(Map<String, String> data) {
    ObjectNode cm = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
    cm.putObject("metadata").put("name", CONFIGMAP).put("namespace", "kube-system");
    ObjectNode d = cm.putObject("data");
    data.forEach(d::put);
    put("configmaps/kube-system/" + CONFIGMAP, cm);
  }

  /** Creates a Namespace. */
  public void namespace(String name) {
    ObjectNode ns = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
    ns.putObject("metadata").put("name", name);
    ns.putObject("status").put("phase", "Active");
    put("namespaces/" + name, ns);
  }

  /** Sets the phase of Namespace {@code name} (e.g. {@code Terminating}, as after a DELETE of a namespace with content). */
  public void namespacePhase(String name, String phase) {
    ObjectNode ns = objects.get("namespaces/" + name).deepCopy();
    ((ObjectNode) ns.get("status")).put("phase", phase);
    if (phase.equals("Terminating")) {
      ((ObjectNode) ns.get("metadata")).put("deletionTimestamp", "2026-01-01T00:00:00Z");
    }
    put("namespaces/" + name, ns);
  }

  /**
   * Creates or replaces a Mutating- or ValidatingWebhookConfiguration ({@code admissionregistration.k8s.io/v1}
   * JSON, as kubectl would create it in the cluster; kube's defaults are the caller's business).
   */
  public void webhookConfiguration(String json) throws IOException {
    ObjectNode o = (ObjectNode) JSON.readTree(json);
    put(webhookKind(o.path("kind").asText()) + "/" + o.path("metadata").path("name").asText(), o);
  }

  private static String webhookKind(String kind) {
    return kind.toLowerCase(java.util.Locale.ROOT) + "s";
  }

  /** Deletes the object at {@code key} ({@code namespaces/<name>}, {@code configmaps/kube-system/<name>}). */
  public void delete(String key) {
    synchronized (lock) {
      ObjectNode old = objects.remove(key);
      if (old != null) {
        ((ObjectNode) old.get("metadata")).put("resourceVersion", Long.toString(++revision));
        events.add(event("DELETED", key, old));
        lock.notifyAll();
      }
    }
  }

  private void put(String key, ObjectNode object) {
    synchronized (lock) {
      ObjectNode meta = (ObjectNode) object.get("metadata");
      meta.put("resourceVersion", Long.toString(++revision)).put("uid", "uid-" + key.replace('/', '-'));
      String type = objects.containsKey(key) ? "MODIFIED" : "ADDED";
      objects.put(key, object);
      events.add(event(type, key, object));
      lock.notifyAll();
    }
  }

  private static ObjectNode event(String type, String key, ObjectNode object) {
    ObjectNode e = JSON.createObjectNode().put("type", type).put("key", key);
    e.set("object", object.deepCopy());
    return e;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
      Aggregator a = aggregator;
      if (a != null && a.handles(path)) {
        ObjectNode user = authenticate(exchange.getRequestHeaders().getFirst("Authorization"));
        if (user == null) {
          send(exchange, 401, status(401, "Unauthorized", "Unauthorized"));
        } else {
          a.serve(exchange, user, policy);
        }
        return;
      }
      if (!("Bearer " + CALLER_TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
        send(exchange, 401, status(401, "Unauthorized", "Unauthorized"));
        return;
      }
      if (path.equals("/apis/authentication.k8s.io/v1/tokenreviews") && exchange.getRequestMethod().equals("POST")) {
        JsonNode review = JSON.readTree(exchange.getRequestBody());
        tokenReviews.add(review);
        if (tokenReviewFailure != 0) {
          send(exchange, tokenReviewFailure, status(tokenReviewFailure, "InternalError", "stand-in failure"));
          return;
        }
        ObjectNode answer = ((ObjectNode) review.deepCopy());
        ObjectNode user = tokens.get(review.path("spec").path("token").asText());
        ObjectNode st = answer.putObject("status");
        if (user != null) {
          st.put("authenticated", true).set("user", user);
        } else {
          st.putObject("user");
          st.put("error", "[invalid bearer token, token lookup failed]");
        }
        send(exchange, 201, answer);
      } else if (path.equals("/apis/authorization.k8s.io/v1/subjectaccessreviews")
          && exchange.getRequestMethod().equals("POST")) {
        JsonNode review = JSON.readTree(exchange.getRequestBody());
        accessReviews.add(review);
        if (accessReviewFailure != 0) {
          send(exchange, accessReviewFailure, status(accessReviewFailure, "InternalError", "stand-in failure"));
          return;
        }
        ObjectNode answer = ((ObjectNode) review.deepCopy());
        answer.set("status", policy.apply(review.path("spec")));
        send(exchange, 201, answer);
      } else if (path.equals("/api/v1/namespaces/kube-system/configmaps")) {
        collection(exchange, query, "configmaps/kube-system/", "ConfigMapList");
      } else if (path.startsWith("/api/v1/namespaces/kube-system/configmaps/")) {
        single(exchange, "configmaps/kube-system/" + path.substring(path.lastIndexOf('/') + 1), "configmaps");
      } else if (path.equals("/api/v1/namespaces")) {
        collection(exchange, query, "namespaces/", "NamespaceList");
      } else if (path.startsWith("/api/v1/namespaces/") && path.indexOf('/', "/api/v1/namespaces/".length()) < 0) {
        single(exchange, "namespaces/" + path.substring("/api/v1/namespaces/".length()), "namespaces");
      } else if (path.startsWith(ADMISSIONREGISTRATION) && path.indexOf('/', ADMISSIONREGISTRATION.length()) < 0) {
        String resource = path.substring(ADMISSIONREGISTRATION.length());
        collection(exchange, query, resource + "/", resource.startsWith("mutating") ? "MutatingWebhookConfigurationList"
            : "ValidatingWebhookConfigurationList");
      } else if (path.startsWith(ADMISSIONREGISTRATION)) {
        single(exchange, path.substring(ADMISSIONREGISTRATION.length()), path.substring(ADMISSIONREGISTRATION.length(),
            path.lastIndexOf('/')));
      } else {
        send(exchange, 404, status(404, "NotFound", "the server could not find the requested resource"));
      }
    } catch (IOException | RuntimeException e) {
      // the client went away
    }
  }

  /**
   * Runs kube-aggregator in front of {@code server}, as kube-apiserver with {@code
   * --proxy-client-cert-file} issued by {@code frontProxyCa} (CN {@code front-proxy-client}):
   * register APIServices on the answer. kubectl's requests are then authenticated here with the
   * {@link #token} users (no token: {@code system:anonymous}).
   */
  public Aggregator aggregate(java.net.URI server, java.security.cert.X509Certificate caBundle, TestPki.Ca frontProxyCa) {
    Aggregator a = new Aggregator(server, caBundle, frontProxyCa.client("front-proxy-client"),
        "127.0.0.1:" + this.server.getAddress().getPort());
    aggregator = a;
    return a;
  }

  /** kube-apiserver's authentication of a user's request: null = 401. */
  private ObjectNode authenticate(String authorization) {
    if (authorization == null) {
      ObjectNode anonymous = JSON.createObjectNode().put("username", "system:anonymous");
      anonymous.putArray("groups").add("system:unauthenticated");
      return anonymous;
    }
    ObjectNode known = authorization.startsWith("Bearer ") ? tokens.get(authorization.substring("Bearer ".length())) : null;
    if (known == null) {
      return null;
    }
    ObjectNode user = known.deepCopy();
    ((ArrayNode) user.withArray("groups")).add("system:authenticated");
    return user;
  }

  private void single(HttpExchange exchange, String key, String resource) throws IOException {
    ObjectNode o = objects.get(key);
    if (o == null) {
      send(exchange, 404, status(404, "NotFound", resource + " \"" + key.substring(key.lastIndexOf('/') + 1) + "\" not found"));
    } else {
      send(exchange, 200, o);
    }
  }

  private void collection(HttpExchange exchange, Map<String, String> query, String prefix, String listKind) throws IOException {
    String name = query.getOrDefault("fieldSelector", "").replace("metadata.name=", "");
    Function<String, Boolean> selected = key -> key.startsWith(prefix) && (name.isEmpty() || key.equals(prefix + name));
    if (!"true".equals(query.get("watch"))) {
      ObjectNode list = JSON.createObjectNode().put("apiVersion", "v1").put("kind", listKind);
      ArrayNode items = list.putArray("items");
      synchronized (lock) {
        list.putObject("metadata").put("resourceVersion", Long.toString(revision));
        objects.entrySet().stream().filter(e -> selected.apply(e.getKey())).forEach(e -> items.add(e.getValue()));
      }
      send(exchange, 200, list);
      return;
    }
    long from = Long.parseLong(query.getOrDefault("resourceVersion", "0"));
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    int next = 0;
    while (true) {
      List<ObjectNode> batch = new ArrayList<>();
      synchronized (lock) {
        while (!closed && next >= events.size()) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            return;
          }
        }
        if (closed) {
          return;
        }
        for (; next < events.size(); next++) {
          batch.add(events.get(next));
        }
      }
      for (ObjectNode e : batch) {
        long rv = e.path("object").path("metadata").path("resourceVersion").asLong();
        if (rv > from && selected.apply(e.path("key").asText())) {
          ObjectNode wire = JSON.createObjectNode().put("type", e.path("type").asText());
          wire.set("object", e.get("object"));
          out.write(JSON.writeValueAsBytes(wire));
          out.write('\n');
          out.flush();
        }
      }
    }
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new ConcurrentHashMap<>();
    if (raw != null) {
      for (String p : raw.split("&")) {
        int eq = p.indexOf('=');
        if (eq > 0) {
          q.put(URLDecoder.decode(p.substring(0, eq), StandardCharsets.UTF_8), URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return q;
  }

  static ObjectNode status(int code, String reason, String message) {
    ObjectNode s = JSON.createObjectNode().put("kind", "Status").put("apiVersion", "v1");
    s.putObject("metadata");
    return s.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
  }

  private static void send(HttpExchange exchange, int code, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(code, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      lock.notifyAll();
    }
    server.stop(0);
    executor.shutdownNow();
  }
}
