package dev.customapiserver.auth.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.client.ClusterClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * kube's webhook authorizer: every request's attributes are posted as an {@code
 * authorization.k8s.io/v1} SubjectAccessReview; {@code status.allowed} allows, {@code status.denied}
 * denies, anything else has no opinion (the next authorizer decides), with {@code status.reason}
 * carried along. Answers are cached (1024 entries) under the review's spec, allows for {@code
 * authorizedTtl}, the rest for {@code unauthorizedTtl}. A failed call is never an allow: it is
 * {@link Decision#failed} naming the webhook, which ends as a 500 unless another authorizer allows.
 * The review is sent as {@code authorization.k8s.io/v1} or, as kube-apiserver's {@code
 * --authorization-webhook-version=v1beta1}, as {@code v1beta1} (whose spec calls the groups {@code
 * group}); the answer's status reads the same in both.
 */
public final class SubjectAccessReviewAuthorizer implements Authorizer {
  /** Where the core cluster serves SubjectAccessReviews. */
  public static final String CLUSTER_PATH = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The SubjectAccessReview versions a webhook may be spoken to in. */
  public static final List<String> VERSIONS = List.of("v1", "v1beta1");
  private final ClusterClient client;
  private final String path;
  private final Duration authorizedTtl;
  private final Duration unauthorizedTtl;
  private final ExpiringCache<String, Decision> cache;
  private final String version;

  /** A v1 authorizer. @param path {@link #CLUSTER_PATH} for a cluster, {@code ""} for a webhook (its kubeconfig names the URL) */
  public SubjectAccessReviewAuthorizer(ClusterClient client, String path, Duration authorizedTtl, Duration unauthorizedTtl,
      Clock clock) {
    this(client, path, "v1", authorizedTtl, unauthorizedTtl, clock);
  }

  /**
   * @param version {@code v1} or {@code v1beta1}
   * @throws IllegalArgumentException for another version, worded as kube's
   */
  public SubjectAccessReviewAuthorizer(ClusterClient client, String path, String version, Duration authorizedTtl,
      Duration unauthorizedTtl, Clock clock) {
    if (!VERSIONS.contains(version)) {
      throw new IllegalArgumentException("unsupported webhook authorizer version \"" + version
          + "\", supported versions are \"v1\", \"v1beta1\"");
    }
    this.version = version;
    this.client = client;
    this.path = path;
    this.authorizedTtl = authorizedTtl;
    this.unauthorizedTtl = unauthorizedTtl;
    this.cache = new ExpiringCache<>(1024, clock);
  }

  @Override
  public Decision authorize(AuthorizationAttributes attributes) {
    ObjectNode spec = spec(attributes, version.equals("v1") ? "groups" : "group");
    String key = spec.toString();
    var cached = cache.get(key);
    if (cached.isPresent()) {
      return cached.get();
    }
    ObjectNode review = JSON.createObjectNode().put("apiVersion", "authorization.k8s.io/" + version).put("kind", "SubjectAccessReview");
    review.set("spec", spec);
    String url = "Post \"" + client.url(path) + "\"";
    ClusterClient.Response r;
    try {
      r = Retry.send(() -> client.post(path, review));
    } catch (ConnectException e) {
      URI u = client.url(path);
      int port = u.getPort() >= 0 ? u.getPort() : "https".equals(u.getScheme()) ? 443 : 80;
      return Decision.failed(url + ": dial tcp " + u.getHost() + ":" + port + ": connect: connection refused");
    } catch (IOException e) {
      return Decision.failed(url + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Decision.failed(url + ": interrupted");
    }
    if (!r.ok() || !"SubjectAccessReview".equals(r.body().path("kind").asText())) {
      String message = r.body().path("message").asText("");
      return Decision.failed(url + ": HTTP " + r.code() + (message.isEmpty() ? "" : ": " + message));
    }
    JsonNode status = r.body().path("status");
    String reason = status.path("reason").asText("");
    Decision d;
    if (status.path("allowed").asBoolean(false)) {
      d = new Decision(Verdict.ALLOW, reason);
    } else if (status.path("denied").asBoolean(false)) {
      d = new Decision(Verdict.DENY, reason);
    } else {
      d = new Decision(Verdict.NO_OPINION, reason);
    }
    cache.put(key, d, d.allowed() ? authorizedTtl : unauthorizedTtl);
    return d;
  }

  /** The v1 review's spec for {@code a}, fields left out when empty as Go's omitempty does. */
  static ObjectNode spec(AuthorizationAttributes a) {
    return spec(a, "groups");
  }

  /** The review's spec, the user's groups under {@code groupsField} ({@code group} in v1beta1). */
  static ObjectNode spec(AuthorizationAttributes a, String groupsField) {
    ObjectNode spec = JSON.createObjectNode();
    if (a.resourceRequest()) {
      ObjectNode res = spec.putObject("resourceAttributes");
      put(res, "namespace", a.namespace());
      put(res, "verb", a.verb());
      put(res, "group", a.apiGroup());
      put(res, "version", a.apiVersion());
      put(res, "resource", a.resource());
      put(res, "subresource", a.subresource());
      put(res, "name", a.name());
    } else {
      ObjectNode non = spec.putObject("nonResourceAttributes");
      put(non, "path", a.path());
      put(non, "verb", a.verb());
    }
    UserInfo u = a.user();
    if (u != null) {
      put(spec, "user", u.name());
      if (!u.groups().isEmpty()) {
        ArrayNode groups = spec.putArray(groupsField);
        u.groups().forEach(groups::add);
      }
      if (!u.extra().isEmpty()) {
        ObjectNode extra = spec.putObject("extra");
        u.extra().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
          ArrayNode values = extra.putArray(e.getKey());
          e.getValue().forEach(values::add);
        });
      }
      put(spec, "uid", u.uid());
    }
    return spec;
  }

  private static void put(ObjectNode node, String field, String value) {
    if (value != null && !value.isEmpty()) {
      node.put(field, value);
    }
  }
}
