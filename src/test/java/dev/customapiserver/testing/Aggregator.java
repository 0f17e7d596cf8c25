package dev.customapiserver.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.customapiserver.endpoints.openapi.GnosticEncoding;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * kube-aggregator inside {@link KubeApiserverStandIn}, written from kube-aggregator's proxy,
 * discovery and OpenAPI aggregation: {@code /apis/<group>/<version>/...} of a registered APIService
 * is proxied to the aggregated server over TLS (verified with the APIService's caBundle) with a
 * client certificate of the front-proxy CA (CN {@code front-proxy-client}); the caller's {@code
 * Authorization} is stripped and the user kube-apiserver authenticated travels as {@code
 * X-Remote-User}, {@code X-Remote-Uid}, {@code X-Remote-Group} and URL-escaped {@code
 * X-Remote-Extra-<key>}. {@code /api}, {@code /apis} and {@code /apis/<group>} are served by the
 * aggregator (the stand-in's own {@code v1} and {@code authorization.k8s.io} merged with the
 * APIServices, by groupPriorityMinimum and versionPriority); {@code /openapi/v2} is the stand-in's
 * document merged with the aggregated server's (downloaded as {@code system:aggregator}, JSON or
 * gnostic protobuf as asked), {@code /openapi/v3} the index with the aggregated group versions and
 * {@code /openapi/v3/apis/<group>/<version>} their documents. kube-apiserver's own authorization of
 * proxied requests is left out: the aggregated server's SubjectAccessReviews ask the stand-in's
 * policy anyway.
 */
public final class Aggregator {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PROTOBUF_V2 = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";
  private static final Set<String> RESPONSE_HEADERS_SKIPPED = Set.of("content-length", "transfer-encoding", "connection",
      "date", ":status");

  /** An APIService: {@code group}/{@code version} served at {@code server}. */
  public record ApiService(String group, String version, int groupPriorityMinimum, int versionPriority) {}

  private final URI server;
  private final HttpClient http;
  private final String hostPort;
  private final List<ApiService> services = new CopyOnWriteArrayList<>();
  private final List<JsonNode> proxied = new CopyOnWriteArrayList<>();

  /**
   * @param server the aggregated server's URL (the APIService's service)
   * @param caBundle verifies the aggregated server's certificate
   * @param frontProxyClient the client certificate of kube-apiserver's {@code --proxy-client-cert-file}
   * @param hostPort the stand-in's own address, for {@code serverAddressByClientCIDRs}
   */
  Aggregator(URI server, X509Certificate caBundle, TestPki.Issued frontProxyClient, String hostPort) {
    this.server = server;
    this.hostPort = hostPort;
    this.http = HttpClient.newBuilder().sslContext(frontProxyClient.tls(caBundle)).version(HttpClient.Version.HTTP_1_1)
        .build();
  }

  /** Registers an APIService. */
  public Aggregator register(ApiService service) {
    services.add(service);
    return this;
  }

  /** Every proxied request and the identity forwarded with it, in order ({@code {"method", "path", "user"}}). */
  public List<JsonNode> proxied() {
    return proxied;
  }

  /** Whether the aggregator answers {@code path} (else the stand-in's own routes do). */
  boolean handles(String path) {
    return path.equals("/api") || path.equals("/api/v1") || path.equals("/apis") || path.startsWith("/openapi/")
        || path.equals("/apis/authorization.k8s.io/v1") || path.equals("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews")
        || registered(path) != null;
  }

  private String registered(String path) {
    if (!path.startsWith("/apis/")) {
      return null;
    }
    String[] parts = path.substring("/apis/".length()).split("/");
    return services.stream().anyMatch(s -> s.group().equals(parts[0])) ? parts[0] : null;
  }

  /**
   * Serves {@code exchange} for {@code user} (kube-apiserver's authenticated user: username, uid,
   * groups, extra), {@code policy} deciding SelfSubjectAccessReviews.
   */
  void serve(HttpExchange exchange, ObjectNode user, Function<JsonNode, ObjectNode> policy) throws IOException {
    String path = exchange.getRequestURI().getPath();
    if (path.equals("/api")) {
      ObjectNode v = JSON.createObjectNode().put("kind", "APIVersions");
      v.putArray("versions").add("v1");
      v.putArray("serverAddressByClientCIDRs").addObject().put("clientCIDR", "0.0.0.0/0").put("serverAddress", hostPort);
      send(exchange, 200, v);
    } else if (path.equals("/api/v1")) {
      send(exchange, 200, resourceList("v1", resource("namespaces", "Namespace", false, "create", "delete", "get", "list",
          "patch", "update", "watch")));
    } else if (path.equals("/apis")) {
      send(exchange, 200, groups());
    } else if (path.equals("/apis/authorization.k8s.io/v1")) {
      send(exchange, 200, resourceList("authorization.k8s.io/v1", resource("selfsubjectaccessreviews",
          "SelfSubjectAccessReview", false, "create"), resource("subjectaccessreviews", "SubjectAccessReview", false, "create")));
    } else if (path.equals("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews")) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String type = String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type"));
      ObjectNode review = (ObjectNode) (type.startsWith("application/vnd.kubernetes.protobuf")
          ? dev.customapiserver.apis.authorization.ReviewDecoding.selfSubjectAccessReview(body) : JSON.readTree(body));
      review.put("apiVersion", "authorization.k8s.io/v1").put("kind", "SelfSubjectAccessReview");
      ObjectNode spec = (ObjectNode) review.with("spec");
      spec.put("user", user.path("username").asText()).put("uid", user.path("uid").asText());
      spec.set("groups", user.path("groups"));
      review.set("status", policy.apply(spec));
      send(exchange, 201, review);
    } else if (path.equals("/openapi/v2")) {
      openApiV2(exchange);
    } else if (path.equals("/openapi/v3")) {
      openApiV3Index(exchange);
    } else if (path.startsWith("/openapi/v3/apis/") && registered(path.substring("/openapi/v3".length())) != null) {
      proxy(exchange, aggregatorIdentity("system:aggregator"));
    } else if (path.startsWith("/openapi/")) {
      send(exchange, 404, KubeApiserverStandIn.status(404, "NotFound", "the server could not find the requested resource"));
    } else {
      String[] parts = path.substring("/apis/".length()).split("/");
      if (parts.length == 1) {
        send(exchange, 200, group(parts[0]));
      } else {
        proxy(exchange, user);
      }
    }
  }

  private ObjectNode groups() {
    ObjectNode list = JSON.createObjectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
    ArrayNode groups = list.putArray("groups");
    ObjectNode authorization = groups.addObject().put("name", "authorization.k8s.io");
    authorization.putArray("versions").addObject().put("groupVersion", "authorization.k8s.io/v1").put("version", "v1");
    authorization.putObject("preferredVersion").put("groupVersion", "authorization.k8s.io/v1").put("version", "v1");
    services.stream().map(ApiService::group).distinct()
        .sorted(Comparator.comparingInt((String g) -> -priority(g)).thenComparing(Comparator.naturalOrder()))
        .forEach(g -> groups.add(group(g)));
    return list;
  }

  private int priority(String group) {
    return services.stream().filter(s -> s.group().equals(group)).mapToInt(ApiService::groupPriorityMinimum).max().orElse(0);
  }

  private ObjectNode group(String name) {
    ObjectNode g = JSON.createObjectNode().put("kind", "APIGroup").put("apiVersion", "v1").put("name", name);
    ArrayNode versions = g.putArray("versions");
    List<ApiService> ordered = services.stream().filter(s -> s.group().equals(name))
        .sorted(Comparator.comparingInt(ApiService::versionPriority).reversed()).toList();
    ordered.forEach(s -> versions.addObject().put("groupVersion", name + "/" + s.version()).put("version", s.version()));
    if (!ordered.isEmpty()) {
      g.putObject("preferredVersion").put("groupVersion", name + "/" + ordered.get(0).version())
          .put("version", ordered.get(0).version());
    }
    return g;
  }

  private static ObjectNode resourceList(String groupVersion, ObjectNode... resources) {
    ObjectNode l = JSON.createObjectNode().put("kind", "APIResourceList").put("apiVersion", "v1")
        .put("groupVersion", groupVersion);
    ArrayNode r = l.putArray("resources");
    for (ObjectNode o : resources) {
      r.add(o);
    }
    return l;
  }

  private static ObjectNode resource(String name, String kind, boolean namespaced, String... verbs) {
    ObjectNode r = JSON.createObjectNode().put("name", name).put("singularName", "").put("namespaced", namespaced)
        .put("kind", kind);
    ArrayNode v = r.putArray("verbs");
    for (String s : verbs) {
      v.add(s);
    }
    return r;
  }

  /** kube-aggregator's own calls: {@code system:aggregator} (OpenAPI) with no groups. */
  private static ObjectNode aggregatorIdentity(String name) {
    ObjectNode u = JSON.createObjectNode().put("username", name);
    u.putArray("groups");
    return u;
  }

  private void openApiV2(HttpExchange exchange) throws IOException {
    ObjectNode merged = JSON.createObjectNode().put("swagger", "2.0");
    merged.putObject("info").put("title", "Kubernetes").put("version", "v1.36.0");
    ObjectNode paths = merged.putObject("paths");
    ObjectNode definitions = merged.putObject("definitions");
    HttpResponse<byte[]> down = fetch("/openapi/v2", "application/json");
    if (down.statusCode() == 200) {
      JsonNode spec = JSON.readTree(down.body());
      spec.path("paths").fields().forEachRemaining(e -> {
        if (registered(e.getKey()) != null) {
          paths.set(e.getKey(), e.getValue());
        }
      });
      definitions.setAll((ObjectNode) spec.path("definitions"));
      if (spec.has("securityDefinitions")) {
        merged.set("securityDefinitions", spec.get("securityDefinitions"));
        merged.set("security", spec.get("security"));
      }
    }
    String accept = String.valueOf(exchange.getRequestHeaders().getFirst("Accept"));
    if (accept.contains(PROTOBUF_V2)) {
      byte[] body = GnosticEncoding.encode(merged);
      exchange.getResponseHeaders().add("Content-Type", PROTOBUF_V2);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
    } else {
      send(exchange, 200, merged);
    }
  }

  private void openApiV3Index(HttpExchange exchange) throws IOException {
    ObjectNode index = JSON.createObjectNode();
    ObjectNode paths = index.putObject("paths");
    HttpResponse<byte[]> down = fetch("/openapi/v3", "application/json");
    if (down.statusCode() == 200) {
      JSON.readTree(down.body()).path("paths").fields().forEachRemaining(e -> {
        if (registered("/" + e.getKey()) != null && services.stream().anyMatch(s -> e.getKey().equals("apis/" + s.group()
            + "/" + s.version()))) {
          paths.set(e.getKey(), e.getValue());
        }
      });
    }
    send(exchange, 200, index);
  }

  private HttpResponse<byte[]> fetch(String path, String accept) throws IOException {
    HttpRequest.Builder b = HttpRequest.newBuilder(server.resolve(path)).header("Accept", accept);
    identity(b, aggregatorIdentity("system:aggregator"));
    try {
      return http.send(b.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private static void identity(HttpRequest.Builder b, JsonNode user) {
    b.header("X-Remote-User", user.path("username").asText());
    if (!user.path("uid").asText().isEmpty()) {
      b.header("X-Remote-Uid", user.path("uid").asText());
    }
    for (JsonNode g : user.path("groups")) {
      b.header("X-Remote-Group", g.asText());
    }
    user.path("extra").fields().forEachRemaining(e -> {
      for (JsonNode v : e.getValue()) {
        b.header("X-Remote-Extra-" + URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8), v.asText());
      }
    });
  }

  private void proxy(HttpExchange exchange, JsonNode user) throws IOException {
    URI uri = exchange.getRequestURI();
    byte[] body = exchange.getRequestBody().readAllBytes();
    HttpRequest.Builder b = HttpRequest.newBuilder(server.resolve(uri.getRawPath()
        + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())));
    for (String h : List.of("Accept", "Content-Type", "User-Agent")) {
      String v = exchange.getRequestHeaders().getFirst(h);
      if (v != null) {
        b.header(h, v);
      }
    }
    identity(b, user);
    ObjectNode record = JSON.createObjectNode().put("method", exchange.getRequestMethod()).put("path", uri.getPath());
    record.set("user", user);
    proxied.add(record);
    b.method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofByteArray(body));
    HttpResponse<InputStream> r;
    try {
      r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    } catch (IOException e) {
      send(exchange, 503, KubeApiserverStandIn.status(503, "ServiceUnavailable", "error trying to reach service: "
          + e.getMessage()));
      return;
    }
    for (Map.Entry<String, List<String>> h : r.headers().map().entrySet()) {
      if (!RESPONSE_HEADERS_SKIPPED.contains(h.getKey().toLowerCase(java.util.Locale.ROOT))) {
        h.getValue().forEach(v -> exchange.getResponseHeaders().add(h.getKey(), v));
      }
    }
    boolean empty = r.statusCode() == 204 || r.statusCode() == 304 || exchange.getRequestMethod().equals("HEAD");
    exchange.sendResponseHeaders(r.statusCode(), empty ? -1 : 0);
    try (InputStream in = r.body()) {
      if (empty) {
        return;
      }
      OutputStream out = exchange.getResponseBody();
      byte[] buffer = new byte[8192];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        out.write(buffer, 0, n);
        out.flush(); // watch events as they come
      }
    }
  }

  private static void send(HttpExchange exchange, int code, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(code, bytes.length);
    exchange.getResponseBody().write(bytes);
  }
}
